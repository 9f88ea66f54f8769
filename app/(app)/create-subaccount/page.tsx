import { SubaccountForm } from "@/components/account/subaccount-form";

export default function CreateSubaccountPage() {
  return <SubaccountForm />;
}
