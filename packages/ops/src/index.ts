export * from './archive.js';
export * from './backup.js';
export * from './backup-rotation.js';
export * from './init.js';
export * from './layout.js';
export * from './restore.js';
export * from './secrets.js';
