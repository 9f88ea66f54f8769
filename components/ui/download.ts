/** Saves a file the API answered with, under the name its Content-Disposition gives (else `fallback`). */
export async function saveDownload(response: Response, fallback: string): Promise<void> {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = match?.[1] ?? fallback;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
