import { servePhoto } from "@/lib/photos/serve";

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }) {
  return servePhoto((await params).path);
}
