// The public surface of features/documents (issue 11, docs/profiles.md "Documents"): the upload with
// progress and scan state, the upload that attaches to a profile, and a profile's document list.
export { useProfileDocuments } from './api/files';
export { DocumentUpload, type DocumentUploadProps } from './components/document-upload';
export { ProfileDocumentUpload, type ProfileDocumentUploadProps } from './components/profile-document-upload';
export { ProfileDocumentsList, type ProfileDocumentsListProps } from './components/profile-documents-list';
export { ProfileDocumentsPage } from './routes/profile-documents-page';
