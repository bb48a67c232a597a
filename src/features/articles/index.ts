/** The articles feature's public entry: what other features may import (eslint.config.js). */
export { ArticlesSection } from './ArticlesSection';
