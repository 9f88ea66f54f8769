import { ExportForm } from "@/components/export/export-form";

export default function ExportPage() {
  return <ExportForm />;
}
