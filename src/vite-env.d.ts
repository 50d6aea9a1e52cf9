interface ImportMetaEnv {
  /** The build's version and commit (vite.config.ts), sent with crash reports. */
  readonly VITE_LAVO_RELEASE?: string;
}
