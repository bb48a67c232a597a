/** What other slices use of the settings slice. */
export { SettingsSection } from './SettingsSection';
