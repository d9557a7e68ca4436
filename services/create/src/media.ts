// Reading our own media back is kit's (every service that feeds an engine does it).
export { readMedia } from '@atelier/kit';
