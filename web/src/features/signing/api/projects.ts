import type { SigningProjectDetail, SigningProjectSummary } from '@tranche/shared/signing/signing.schema';
import type { SigningProjectState } from '@tranche/shared/signing/signing-state';
import useSWR from 'swr';
import { type ApiBody, apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 25;

// Under 'session' (the answers depend on who is signed in), then 'signing'.
export const projectListKey = (status: SigningProjectState | null, cursor: string | null) =>
  ['session', 'signing', 'projects', status, cursor] as const;
export const projectKey = (projectId: string) => ['session', 'signing', 'project', projectId] as const;
export const sealsKey = () => ['session', 'signing', 'seals'] as const;

const listProjects = ([, , , status, cursor]: ReturnType<typeof projectListKey>) =>
  apiFetch('listSigningProjects', {
    query: { limit: PAGE_SIZE, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
  });

/** The manager's projects, newest first, page after page; one status or all. */
export const useSigningProjects = (status: SigningProjectState | null) => {
  const { items, ...rest } = useCursorPages((cursor) => projectListKey(status, cursor), listProjects);
  return { ...rest, projects: items as SigningProjectSummary[] };
};

/**
 * One project with its documents and signers. While it is being sealed (COMPLETED, not yet sealed)
 * the answer is asked for again every few seconds, so the download appears without a reload.
 */
export const useSigningProject = (projectId: string) =>
  useSWR(projectKey(projectId), () => apiFetch('getSigningProject', { query: { projectId } }), {
    refreshInterval: (detail?: SigningProjectDetail) => (detail && isSealing(detail) ? 3000 : 0),
  });

export const isSealing = (detail: SigningProjectDetail) =>
  detail.project.status === 'COMPLETED' && detail.documents.some((d) => !d.sealed);

export const createProject = (body: NonNullable<ApiBody<'createSigningProject'>>) =>
  apiFetch('createSigningProject', { body });
export const updateProject = (body: NonNullable<ApiBody<'updateSigningProject'>>) =>
  apiFetch('updateSigningProject', { body });
export const updateProjectFiles = (body: NonNullable<ApiBody<'updateSigningProjectFiles'>>) =>
  apiFetch('updateSigningProjectFiles', { body });
export const updateProjectFile = (body: NonNullable<ApiBody<'updateSigningProjectFile'>>) =>
  apiFetch('updateSigningProjectFile', { body });
export const startProject = (body: NonNullable<ApiBody<'startSigningProject'>>) =>
  apiFetch('startSigningProject', { body });
export const resendProject = (projectId: string, signerId: string) =>
  apiFetch('resendSigningProject', { body: { projectId, signerId } });
export const voidProject = (projectId: string, reason: string) =>
  apiFetch('voidSigningProject', { body: { projectId, reason } });

/** A fresh 5-minute link each time (never kept in the page), opened as a download. */
export const downloadSealed = async (projectId: string, documentId?: string) => {
  const link = await apiFetch('downloadSigningFile', {
    query: { projectId, ...(documentId ? { documentId } : {}) },
  });
  saveLink(link.url, link.fileName);
};

/** Starts a browser download of `url` (same-origin or a presigned link that sets its own disposition). */
export const saveLink = (url: string, fileName: string) => {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
};

export const addCompanySeal = (body: NonNullable<ApiBody<'addCompanySeal'>>) => apiFetch('addCompanySeal', { body });

export const useCompanySeals = (enabled: boolean) =>
  useSWR(enabled ? sealsKey() : null, () => apiFetch('listCompanySeals', {}));

// ---- Kept templates (docs/signing.md "Templates")
export const templatesKey = () => ['session', 'signing', 'templates'] as const;
export const useSigningTemplates = () => useSWR(templatesKey(), () => apiFetch('listSigningTemplates'));
export const saveTemplate = (body: NonNullable<ApiBody<'saveSigningTemplate'>>) =>
  apiFetch('saveSigningTemplate', { body });
export const deleteTemplate = (templateId: string) => apiFetch('deleteSigningTemplate', { body: { templateId } });
export const projectFromTemplate = (body: NonNullable<ApiBody<'createSigningProjectFromTemplate'>>) =>
  apiFetch('createSigningProjectFromTemplate', { body });
export const readProject = (projectId: string) => apiFetch('getSigningProject', { query: { projectId } });
