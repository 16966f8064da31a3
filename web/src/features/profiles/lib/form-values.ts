import type { IndividualMeta, PersonDetails } from '@tranche/shared/profile/profile.schema';
import type { IdDocumentType, JobTitle } from '@tranche/shared/profile/profile-enums';

/**
 * Forms edit text (an empty input is ''); the API takes absent for "not given". These turn one into
 * the other, so a draft saved half-typed sends only what was typed.
 */
export const given = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Drops the keys whose value is undefined (the API's strict objects refuse nothing else, but JSON keeps it tidy). */
export const compact = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export interface PersonValues {
  firstName: string;
  middleName: string;
  lastName: string;
  realName: string;
  dateOfBirth: string;
  nationality: string;
  countryOfResidence: string;
  phone: string;
  email: string;
}

export const PERSON_BLANK: PersonValues = {
  firstName: '',
  middleName: '',
  lastName: '',
  realName: '',
  dateOfBirth: '',
  nationality: '',
  countryOfResidence: '',
  phone: '',
  email: '',
};

export const personValues = (person: PersonDetails | undefined): PersonValues => ({
  firstName: person?.firstName ?? '',
  middleName: person?.middleName ?? '',
  lastName: person?.lastName ?? '',
  realName: person?.realName ?? '',
  dateOfBirth: person?.dateOfBirth ?? '',
  nationality: person?.nationality ?? '',
  countryOfResidence: person?.countryOfResidence ?? '',
  phone: person?.phone ?? '',
  email: person?.email ?? '',
});

/** Phone numbers are typed with spaces and brackets; the API takes E.164. */
export const phoneInput = (value: string) => given(value.replace(/[\s().-]/g, ''));

export const personInput = (values: PersonValues, keep?: PersonDetails): PersonDetails =>
  compact({
    firstName: given(values.firstName),
    middleName: given(values.middleName),
    lastName: given(values.lastName),
    realName: given(values.realName),
    dateOfBirth: given(values.dateOfBirth),
    nationality: given(values.nationality),
    countryOfResidence: given(values.countryOfResidence),
    phone: phoneInput(values.phone),
    email: given(values.email),
    // The ID document is edited on the individual's own step only: a person form keeps it as it was.
    idDocument: keep?.idDocument,
  }) as PersonDetails;

export interface IndividualValues extends PersonValues {
  idType: IdDocumentType | '';
  idNumber: string;
  idIssuingCountry: string;
  idExpiry: string;
  jobTitle: JobTitle | '';
  jobTitleOther: string;
  employer: string;
}

export const individualValues = (meta: IndividualMeta | undefined): IndividualValues => ({
  ...personValues(meta),
  idType: meta?.idDocument?.type ?? '',
  idNumber: meta?.idDocument?.number ?? '',
  idIssuingCountry: meta?.idDocument?.issuingCountry ?? '',
  idExpiry: meta?.idDocument?.expiryDate ?? '',
  jobTitle: meta?.jobTitle ?? '',
  jobTitleOther: meta?.jobTitleOther ?? '',
  employer: meta?.employer ?? '',
});

/**
 * The individual's details as patch-individual-meta-info takes them. An ID document is sent only
 * once its type, number and issuing country are all there (the API needs the three together); a
 * half-typed one stays in the form and is reported there.
 */
export const individualInput = (values: IndividualValues): IndividualMeta => {
  const idNumber = given(values.idNumber);
  const idCountry = given(values.idIssuingCountry);
  const idDocument =
    values.idType && idNumber && idCountry
      ? compact({
          type: values.idType,
          number: idNumber,
          issuingCountry: idCountry,
          expiryDate: given(values.idExpiry),
        })
      : undefined;
  return compact({
    ...personInput(values),
    idDocument,
    jobTitle: values.jobTitle || undefined,
    jobTitleOther: values.jobTitle === 'OTHER' ? given(values.jobTitleOther) : undefined,
    employer: given(values.employer),
  }) as IndividualMeta;
};

/** The fields of a half-typed ID document that are still empty (named as the form names them). */
export const missingIdParts = (values: IndividualValues): (keyof IndividualValues)[] => {
  const parts: (keyof IndividualValues)[] = ['idType', 'idNumber', 'idIssuingCountry'];
  const typed = parts.filter((p) => given(values[p] as string));
  return typed.length === 0 || typed.length === parts.length ? [] : parts.filter((p) => !typed.includes(p));
};
