import { readFileSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

// A submission checked against the agency's own schemas (vendor/verifactu),
// offline: the signature schema they import by its W3C address is given
// under that address.

const dir = path.resolve(import.meta.dirname, "../../vendor/verifactu");
const file = (name: string) => ({ fileName: name, contents: readFileSync(path.join(dir, name), "utf8") });

export async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: "submission.xml", contents: xml }],
    schema: [file("SuministroLR.xsd")],
    preload: [
      file("SuministroInformacion.xsd"),
      { ...file("xmldsig-core-schema.xsd"), fileName: "http://www.w3.org/TR/xmldsig-core/xmldsig-core-schema.xsd" },
    ],
  });
  return result.errors.map((error) => error.message);
}
