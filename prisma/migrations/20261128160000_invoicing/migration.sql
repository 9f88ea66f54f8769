-- Invoices the law accepts (issue 52, docs/invoicing.md): a shop that turns
-- invoicing on issues a simplified invoice for each payment taken, a
-- rectifying one for each refund, and annuls one issued by mistake; each
-- issue and annulment leaves a VERI*FACTU record in the shop's chain (each
-- names the previous one and its fingerprint). Invoices and records are
-- written in the payment's transaction and never changed or deleted: the
-- database refuses it.
CREATE TYPE "invoice_type" AS ENUM ('F1', 'F2', 'F3', 'R1', 'R5');
CREATE TYPE "invoicing_environment" AS ENUM ('test', 'production');
CREATE TYPE "invoice_record_kind" AS ENUM ('issue', 'annulment');

-- The shop's invoicing settings, set by an owner (off until turned on).
CREATE TABLE "shop_invoicing" (
  "shop_id" UUID NOT NULL,
  "enabled" BOOLEAN NOT NULL DEFAULT false,
  "legal_name" TEXT NOT NULL,
  "tax_id" TEXT NOT NULL,
  "address" TEXT NOT NULL,
  "series_simplified" TEXT NOT NULL DEFAULT 'T',
  "series_full" TEXT NOT NULL DEFAULT 'F',
  "series_rectifying" TEXT NOT NULL DEFAULT 'R',
  "vat_rate" DECIMAL(5,2) NOT NULL DEFAULT 21,
  "environment" "invoicing_environment" NOT NULL DEFAULT 'test',
  -- VERI*FACTU's NumeroInstalacion: made once, when the shop first sets up
  -- invoicing, and never again (the agency's FAQ 4: one per taxpayer).
  "installation_number" TEXT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "shop_invoicing_pkey" PRIMARY KEY ("shop_id"),
  CONSTRAINT "shop_invoicing_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "shop_invoicing_installation_number_key" ON "shop_invoicing" ("installation_number");

-- The last number given in each series and year (numbers run without gaps:
-- taken in the invoice's transaction, under this row's lock).
CREATE TABLE "invoice_counters" (
  "shop_id" UUID NOT NULL,
  "series" TEXT NOT NULL,
  "year" INTEGER NOT NULL,
  "last" INTEGER NOT NULL,
  CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("shop_id", "series", "year"),
  CONSTRAINT "invoice_counters_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "invoices" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "shop_id" UUID NOT NULL,
  "repair_id" UUID NOT NULL,
  -- The payment it invoices (a deposit, a payment, a refund).
  "payment_id" UUID,
  "type" "invoice_type" NOT NULL,
  "series" TEXT NOT NULL,
  "year" INTEGER NOT NULL,
  "seq" INTEGER NOT NULL,
  -- Series and number as the invoice and its record write them: T2027/000001.
  "number" TEXT NOT NULL,
  "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- The day of issue in the shop's time zone.
  "issued_on" DATE NOT NULL,
  "issuer_name" TEXT NOT NULL,
  "issuer_tax_id" TEXT NOT NULL,
  "issuer_address" TEXT NOT NULL,
  "customer_name" TEXT,
  "customer_tax_id" TEXT,
  "customer_address" TEXT,
  "language" "language" NOT NULL,
  -- Each line: description, quantity, unit price and total with VAT, rate.
  "lines" JSONB NOT NULL,
  -- Per VAT rate: rate, base, tax (lib/invoicing/vat.ts).
  "breakdown" JSONB NOT NULL,
  "tax_total" DECIMAL(12,2) NOT NULL,
  "total" DECIMAL(12,2) NOT NULL,
  -- A rectifying invoice: the one it corrects.
  "corrects_id" UUID,
  "created_by_id" UUID,
  CONSTRAINT "invoices_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "invoices_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "invoices_repair_id_fkey" FOREIGN KEY ("repair_id") REFERENCES "repair_records"("id") ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT "invoices_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT "invoices_corrects_id_fkey" FOREIGN KEY ("corrects_id") REFERENCES "invoices"("id") ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT "invoices_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "invoices_shop_number_key" ON "invoices" ("shop_id", "number");
CREATE INDEX "invoices_repair_idx" ON "invoices" ("repair_id", "issued_at");
CREATE INDEX "invoices_shop_issued_idx" ON "invoices" ("shop_id", "issued_at");
CREATE INDEX "invoices_payment_idx" ON "invoices" ("payment_id");

-- The VERI*FACTU records, one chain per shop and issuer tax id, in the order
-- made: each names the previous record and its fingerprint (none for the
-- first: PrimerRegistro). `fields` holds the values as the record's XML
-- writes them, the fingerprint's among them.
CREATE TABLE "invoice_records" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "shop_id" UUID NOT NULL,
  "issuer_tax_id" TEXT NOT NULL,
  "chain_seq" INTEGER NOT NULL,
  "kind" "invoice_record_kind" NOT NULL,
  "invoice_id" UUID NOT NULL,
  "previous_id" UUID,
  "previous_fingerprint" TEXT,
  "fingerprint" TEXT NOT NULL,
  -- FechaHoraHusoGenRegistro as written: the shop's time with its offset.
  "generated_at" TEXT NOT NULL,
  "installation_number" TEXT NOT NULL,
  "fields" JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "invoice_records_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "invoice_records_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "invoice_records_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE NO ACTION ON UPDATE CASCADE,
  CONSTRAINT "invoice_records_previous_id_fkey" FOREIGN KEY ("previous_id") REFERENCES "invoice_records"("id") ON DELETE NO ACTION ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "invoice_records_chain_key" ON "invoice_records" ("shop_id", "issuer_tax_id", "chain_seq");
-- A chain never forks: a record is the previous of one record at most.
CREATE UNIQUE INDEX "invoice_records_previous_key" ON "invoice_records" ("previous_id");
CREATE INDEX "invoice_records_invoice_idx" ON "invoice_records" ("invoice_id");

-- Never changed, never deleted (only a whole shop being removed takes them,
-- its cascade running this one level down).
CREATE FUNCTION "invoicing_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 AND NOT EXISTS (SELECT 1 FROM "shops" WHERE "id" = OLD."shop_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'an invoice or its record is never changed or deleted: issue a rectifying invoice or annul it'
    USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "invoices_kept" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_kept"();
CREATE TRIGGER "invoice_records_kept" BEFORE UPDATE OR DELETE ON "invoice_records"
  FOR EACH ROW EXECUTE FUNCTION "invoicing_kept"();

-- The installation number is made once and never changed.
CREATE FUNCTION "installation_number_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."installation_number" IS DISTINCT FROM OLD."installation_number" THEN
    RAISE EXCEPTION 'the installation number is never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "shop_invoicing_installation_kept" BEFORE UPDATE ON "shop_invoicing"
  FOR EACH ROW EXECUTE FUNCTION "installation_number_kept"();
