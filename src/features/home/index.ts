/** The home feature's public entry: what other features may import (eslint.config.js). */
export { platformKeys, platformQuery } from './api/fetch-platform';
export { greet, HomeHead } from './HomeHead';
