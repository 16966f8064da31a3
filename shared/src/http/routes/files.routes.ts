import { ANY_ROLE, GP_ROLES } from '../../auth/roles.js';
import { OkSchema } from '../../common.schema.js';
import {
  AddedProfileDocumentSchema,
  AddProfileDocumentSchema,
  CreatedFileUploadSchema,
  CreateFileUploadSchema,
  FileNameParamsSchema,
  ProfileDocumentListSchema,
  ProfileDocumentParamsSchema,
  ProfileDocumentWithLinkSchema,
  ProfileIdParamsSchema,
  TenantIdParamsSchema,
  TenantProfileDocumentsQuerySchema,
  UploadedFileSchema,
} from '../../files/files.schema.js';
import { DATA_ROOM_KEYS, DATA_ROOM_LIST_PREFIXES } from '../../infra/data-room.js';
import type { RouteDef } from '../route-def.js';

const { fileUploads, files } = DATA_ROOM_KEYS;

/** Who uploads: investors (their documents) and the team (a subscription's signed paper order). */
const FILE_UPLOADERS = ['LP', ...GP_ROLES] as const;

/**
 * Uploaded files and profile documents (issue 11, docs/profiles.md "Documents"): the spec's
 * /v2/files, /v2/files/{fileName}/scan-result, /profiles/{profileId}/documents(/{documentId}) and
 * /v2/tenant/{tenantId}/profiles/documents. An investor uploads by presigned POST, the file is
 * sniffed and scanned, and only a CLEAN file is attached to a profile or downloaded. Another
 * investor's or tenant's profile, document or file answers 404.
 */
export const FILES_ROUTES = {
  createFileUpload: {
    operationId: 'createFileUpload',
    method: 'POST',
    path: '/v2/files',
    handler: 'files/create-file-upload',
    // The presigned POST is the function's own s3:PutObject on the upload key.
    needs: { dataRoom: [{ actions: ['s3:PutObject'], prefixes: [fileUploads] }] },
    summary:
      'Registers an upload (server-generated file name) and answers a presigned POST pinned to its type and exact size',
    tags: ['files'],
    auth: 'session',
    // The team uploads too: the signed paper order of an Add manually subscription (issue 13). A file is
    // its uploader's and is attached only where that uploader may attach it: profile documents are the
    // owning investor's (addProfileDocument, LP), a subscription's signed order the team's.
    roles: FILE_UPLOADERS,
    body: CreateFileUploadSchema,
    response: CreatedFileUploadSchema,
    successStatus: 201,
    errors: ['fileTooLarge'],
  },
  getFileScanResult: {
    operationId: 'getFileScanResult',
    method: 'GET',
    path: '/v2/files/{fileName}/scan-result',
    handler: 'files/get-file-scan-result',
    // Inspects an arrived upload (HEAD, first bytes), reads GuardDuty's tag, copies a clean file to its
    // kept key and deletes the upload: it records each step, so this GET writes the table.
    needs: {
      table: 'readWrite',
      dataRoom: [
        { actions: ['s3:GetObject', 's3:GetObjectTagging', 's3:DeleteObject'], prefixes: [fileUploads] },
        { actions: ['s3:PutObject'], prefixes: [files] },
        { actions: ['s3:ListBucket'], prefixes: [DATA_ROOM_LIST_PREFIXES.uploads] },
      ],
    },
    summary: "The upload's state: UPLOADING, PENDING_SCAN, CLEAN, or REFUSED with the reason's catalogued code",
    tags: ['files'],
    auth: 'session',
    roles: FILE_UPLOADERS,
    params: FileNameParamsSchema,
    response: UploadedFileSchema,
    errors: ['FILE_NOT_EXIST'],
  },
  addProfileDocument: {
    operationId: 'addProfileDocument',
    method: 'POST',
    path: '/profiles/{profileId}/documents',
    handler: 'files/add-profile-document',
    summary: "Attaches one of the investor's CLEAN files to their profile as a document of a requirement kind",
    tags: ['files', 'profile'],
    auth: 'session',
    roles: ['LP'],
    params: ProfileIdParamsSchema,
    body: AddProfileDocumentSchema,
    response: AddedProfileDocumentSchema,
    successStatus: 201,
    errors: ['PROFILE_ID_NOT_EXIST', 'FILE_NOT_EXIST', 'FAIL', 'fileNotScanned', 'profileMemberNotExist'],
    ownedIds: ['profileId'],
  },
  listProfileDocuments: {
    operationId: 'listProfileDocuments',
    method: 'GET',
    path: '/profiles/{profileId}/documents',
    handler: 'files/list-profile-documents',
    summary: "The documents of one of the investor's profiles, newest first",
    tags: ['files', 'profile'],
    auth: 'session',
    roles: ['LP'],
    params: ProfileIdParamsSchema,
    response: ProfileDocumentListSchema,
    errors: ['PROFILE_ID_NOT_EXIST'],
    ownedIds: ['profileId'],
  },
  getProfileDocument: {
    operationId: 'getProfileDocument',
    method: 'GET',
    path: '/profiles/{profileId}/documents/{documentId}',
    handler: 'files/get-profile-document',
    // The presigned GET of the clean file; audits the link it hands out, so this GET writes the table.
    needs: { table: 'readWrite', dataRoom: [{ actions: ['s3:GetObject'], prefixes: [files] }] },
    summary:
      "One profile document with a short-lived download link: the owner's, or any profile's of the tenant for the GP team",
    tags: ['files', 'profile'],
    auth: 'session',
    roles: ANY_ROLE,
    params: ProfileDocumentParamsSchema,
    response: ProfileDocumentWithLinkSchema,
    errors: ['PROFILE_ID_NOT_EXIST', 'FILE_NOT_EXIST'],
    ownedIds: ['profileId', 'documentId'],
  },
  deleteProfileDocument: {
    operationId: 'deleteProfileDocument',
    method: 'DELETE',
    path: '/profiles/{profileId}/documents/{documentId}',
    handler: 'files/delete-profile-document',
    needs: { dataRoom: [{ actions: ['s3:DeleteObject'], prefixes: [files] }] },
    summary: 'Removes a document from the profile and deletes its file; refused while the profile is under review',
    tags: ['files', 'profile'],
    auth: 'session',
    roles: ['LP'],
    params: ProfileDocumentParamsSchema,
    response: OkSchema,
    errors: ['PROFILE_ID_NOT_EXIST', 'FILE_NOT_EXIST', 'profileUnderReview'],
    ownedIds: ['profileId', 'documentId'],
  },
  listTenantProfileDocuments: {
    operationId: 'listTenantProfileDocuments',
    method: 'GET',
    path: '/v2/tenant/{tenantId}/profiles/documents',
    handler: 'files/list-tenant-profile-documents',
    summary: "The manager's view of a profile's documents for KYC review (links through getProfileDocument)",
    tags: ['files', 'profile'],
    auth: 'session',
    roles: GP_ROLES,
    params: TenantIdParamsSchema,
    query: TenantProfileDocumentsQuerySchema,
    response: ProfileDocumentListSchema,
    errors: ['PROFILE_ID_NOT_EXIST', 'TenantNotExist'],
    ownedIds: ['tenantId', 'profileId'],
  },
} as const satisfies Record<string, RouteDef>;
