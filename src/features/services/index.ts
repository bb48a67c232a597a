/** The services feature's public entry: what other features may import (eslint.config.js). */
export { ServiceRequestsList } from './ServiceRequestsList';
