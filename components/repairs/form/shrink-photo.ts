// A phone's camera photo can be 20 or 30 MB, over the server's 10 MB a photo
// and slow to send: before sending, one over SEND_AS_IS is drawn again at
// most LONGEST pixels on its long side as a JPEG, enough to read a serial
// number. The server decodes and re-encodes every photo anyway (and drops
// its metadata), so nothing it keeps is lost here.

const SEND_AS_IS = 4 * 1024 * 1024;
const LONGEST = 3200;

export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SEND_AS_IS) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, LONGEST / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg" });
  } catch {
    // Not something this browser can draw: sent as it is, and the server says what it thinks.
    return file;
  }
}
