import { RepairDetail } from "@/components/repairs/detail/repair-detail";

export default async function RepairPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ sign?: string | string[] }>;
}) {
  const [{ id }, { sign }] = await Promise.all([params, searchParams]);
  // ?sign=intake: opened from "Customer signs" right after the repair was created.
  return <RepairDetail id={id} askSignature={sign === "intake"} />;
}
