/**
 * Validates an export (a Crossref deposit, a DOAJ article file) against the official XML schema
 * (xsd/, SOURCE.md says where each file comes from), with libxml2 compiled to WebAssembly
 * (`libxml2-wasm`, docs/decisions/023-crossref-doaj-exports.md).
 *
 * Every schema file is read from xsd/: the locations the official files give as remote URLs (the
 * W3C's MathML 3 schema, DOAJ's language codes) are answered with the local copies, as a catalogue
 * would, and no other location is opened. A schema is compiled once per process, on its first use
 * (Crossref's, with JATS and MathML 3, takes seconds; DOAJ's a few milliseconds).
 */

import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  ParseOption,
  XmlDocument,
  XmlError,
  type XmlInputProvider,
  type XmlLibError,
  XmlParseError,
  XmlValidateError,
  XsdValidator,
  xmlRegisterInputProvider,
} from "libxml2-wasm";

const XSD_DIR = new URL("./xsd/", import.meta.url);

/** The schemas an export is validated against: each one's main file under xsd/. */
export const xmlSchemas = {
  /** Crossref's metadata deposit schema 5.3.1 (with fundref, AccessIndicators, relations, JATS 1.3 and MathML 3). */
  crossref: "crossref/crossref5.3.1.xsd",
  /** DOAJ's article XML (doajArticles.xsd 1.3, with its ISO 639-2/B language codes). */
  doaj: "doaj/doajArticles.xsd",
} as const;
export type XmlSchemaName = keyof typeof xmlSchemas;

/** One reason a document is not valid: the line of the document (0 when libxml2 gives none) and libxml2's message. */
export interface XmlProblem {
  line: number;
  message: string;
}

/** The remote locations the official schema files import, and the local copies that answer for them. */
const CATALOGUE: [remote: string, local: string][] = [
  ["http://www.w3.org/Math/XMLSchema/mathml3/", "crossref/standard-modules/mathml3/"],
  ["http://www.doaj.org/static/doaj/iso_639-2b.xsd", "doaj/iso_639-2b.xsd"],
];

/** The local file that a location libxml2 asks for stands for: a file under xsd/, or a catalogued URL's copy. */
function localPath(location: string): string | null {
  for (const [remote, local] of CATALOGUE) {
    if (location.startsWith(remote)) return fileURLToPath(new URL(local + location.slice(remote.length), XSD_DIR));
  }
  if (!location.startsWith(XSD_DIR.href)) return null;
  const path = fileURLToPath(location);
  return path.startsWith(fileURLToPath(XSD_DIR)) ? path : null;
}

/** Reads the schema files for libxml2 (its WebAssembly build has no file system of its own). */
const schemaFiles: XmlInputProvider = {
  match: (location) => localPath(location) !== null,
  open(location) {
    const path = localPath(location);
    if (path === null) return undefined;
    try {
      return openSync(path, "r");
    } catch {
      return undefined;
    }
  },
  read(fd, buffer) {
    try {
      return readSync(fd, buffer, 0, buffer.byteLength, null);
    } catch {
      return -1;
    }
  },
  close(fd) {
    try {
      closeSync(fd);
    } catch {
      // Already closed: nothing more to release.
    }
    return true;
  },
};

let providerRegistered = false;
const validators = new Map<XmlSchemaName, XsdValidator>();

/** The schema's compiled validator (compiled on first use, then kept; its document too, which libxml2 may still point into). */
function validatorFor(schema: XmlSchemaName): XsdValidator {
  const known = validators.get(schema);
  if (known) return known;
  if (!providerRegistered) providerRegistered = xmlRegisterInputProvider(schemaFiles);
  const url = new URL(xmlSchemas[schema], XSD_DIR);
  const document = XmlDocument.fromBuffer(readFileSync(url), { url: url.href, option: ParseOption.XML_PARSE_NONET });
  const validator = XsdValidator.fromDoc(document);
  validators.set(schema, validator);
  return validator;
}

const problemsOf = (error: XmlLibError): XmlProblem[] =>
  error.details.length > 0
    ? error.details.map((detail) => ({ line: detail.line, message: detail.message.trim() }))
    : [{ line: 0, message: error.message.trim() }];

/**
 * The reasons `xml` is not valid against the schema, in document order; none when it is. A document
 * that is not well-formed XML gives the parser's errors, one libxml2 cannot check a problem of
 * line 0. Throws only when the schema itself cannot be loaded.
 */
export function validateXml(xml: string, schema: XmlSchemaName): XmlProblem[] {
  const validator = validatorFor(schema);
  let document: XmlDocument;
  try {
    // No network and no external entities: the document is checked, not completed.
    document = XmlDocument.fromString(xml, { option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE });
  } catch (error) {
    if (error instanceof XmlParseError) return problemsOf(error);
    throw error;
  }
  try {
    validator.validate(document);
    return [];
  } catch (error) {
    if (error instanceof XmlValidateError) return problemsOf(error);
    // libxml2 gives up on what it cannot check (an external entity left unloaded, say): not valid either.
    if (error instanceof XmlError) return [{ line: 0, message: `The document could not be validated: ${error.message}` }];
    throw error;
  } finally {
    document.dispose();
  }
}

/** Compiles the schema now (a command can do so before it builds anything, a test in its `beforeAll`). */
export function loadXmlSchema(schema: XmlSchemaName): void {
  validatorFor(schema);
}
