/** The notifications feature's public entry: what routes and other features may import (eslint.config.js). */
export { NotificationBellGate } from './NotificationBellGate';
