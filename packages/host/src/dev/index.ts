export { DevHost } from './dev-host.js';
