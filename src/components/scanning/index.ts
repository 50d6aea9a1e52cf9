export { isCompleteMac, MAC_LENGTH, NFC_ID_LENGTH, normalizeMac, splitNfcId, type NfcIdParts } from './mac';
export { MAC_INCOMPLETE_MESSAGE, MacInput, type MacInputProps } from './mac-input';
export { canRequestCamera, startHtml5QrcodeCamera, type CameraSession, type CameraStarter, type CameraStartOptions } from './camera';
export { CameraUnavailableError, describeCameraError } from './camera-errors';
export { CameraScanner, SCAN_HIGHLIGHT_MS, type CameraScannerProps } from './camera-scanner';
export { CameraScanDialog, type CameraScanDialogProps } from './camera-scan-dialog';
export { hasWebNfc, tagIdFromSerial } from './nfc-reader';
export { NfcScanField, type NfcScanFieldProps } from './nfc-scan-field';
