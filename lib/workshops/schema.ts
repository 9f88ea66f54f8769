import { z } from "zod";
import { err, optionalText } from "@/lib/schema-parts";

// A workshop's fields (settings, and the send-out dialog's new workshop).

export const workshopSchema = z.object({
  name: z.string(err("workshopNameRequired")).trim().min(1, err("workshopNameRequired")).max(200, err("textTooLong")),
  contact: optionalText(300),
  notes: optionalText(2000),
});
