/** The resolver URLs of a DOI (`10.1234/abc`) and an ORCID iD (`0000-0002-1825-0097`). */
export const doiUrl = (doi: string) => `https://doi.org/${doi}`;
export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;
