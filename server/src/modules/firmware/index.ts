// The firmware module: what the server's start-up uses (ARCHITECTURE.md 'Server modules').
export { demoFirmwareImage, storeDemoFirmwareImages } from './demo-images';
export { firmwareImageKey } from './firmware-files';
