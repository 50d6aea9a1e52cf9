/** Whether a file is a png or a jpeg by its first bytes, as the server checks it (its name and type do not count). */
export async function isPngOrJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await readHead(file, 8));
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const jpeg = [0xff, 0xd8, 0xff];
  const starts = (magic: number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);
  return starts(png) || starts(jpeg);
}

function readHead(file: Blob, bytes: number): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}
