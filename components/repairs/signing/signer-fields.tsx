"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { SignaturePad } from "./signature-pad";

// Who signs and their drawing, as the intake's signature (the repair's page)
// and the handover (the status change) both ask them.

/** The name typed and the drawing, as the dialogs hold them. */
export function useSignatureInput(defaultName: string) {
  const [name, setName] = useState(defaultName);
  const [image, setImage] = useState<string | null>(null);
  return { name, setName, image, setImage };
}

export function SignerFields({
  input,
  nameLabel,
}: {
  input: ReturnType<typeof useSignatureInput>;
  nameLabel?: string;
}) {
  const t = useTranslations("signature");
  return (
    <>
      <Field
        label={nameLabel ?? t("signerName")}
        value={input.name}
        onChange={(e) => input.setName(e.target.value)}
        autoComplete="off"
      />
      <SignaturePad onChange={input.setImage} />
    </>
  );
}
