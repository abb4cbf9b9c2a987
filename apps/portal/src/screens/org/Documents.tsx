/**
 * A request's supporting documents (SPEC §3 "New-user approval detail": documents viewable and
 * downloadable). `DocumentList` shows them with their category, type and size, each downloaded
 * under its own name; `DocumentPicker` adds them to a request being written: a file is checked
 * here first (type, size; the rules are the domain's), uploaded at once, and listed, so the
 * person sees what will be sent before sending it. A refused file says why and nothing else of
 * the form changes.
 */
import { ApiError, CONTRACT, type schemas } from '@tawqi/api';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  DOCUMENT_TYPES,
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_PER_REQUEST,
  documentRefusal,
  type DocumentCategory,
} from '@tawqi/domain';
import { Button, FileButton, Select } from '@tawqi/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../api.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Verbatim } from '../../components/Verbatim.js';
import { errorText, formGrid } from '../../components/forms.css.js';
import { useFormat } from '../../format.js';
import { reportFailure } from '../../toasts.js';
import { listRow, muted, plainList } from '../my/my.css.js';
import { documentText } from './org.css.js';

export type RequestDocument = z.output<typeof schemas.approvalDocument>;

/** The formats' own names, the same in both languages. */
const DOCUMENT_FORMATS = Object.keys(DOCUMENT_TYPES)
  .map((type) => type.toUpperCase())
  .join(' · ');

/** A category's name; a code this portal does not know is shown as it came. */
function useCategoryName() {
  const { t } = useTranslation('org');
  return (category: string) => t(`documents.categories.${category}`, { defaultValue: category });
}

function DocumentRow({ document, action }: { document: RequestDocument; action: React.ReactNode }) {
  const format = useFormat();
  const categoryName = useCategoryName();
  return (
    <li className={listRow}>
      <div className={documentText}>
        <Verbatim>{document.name}</Verbatim>
        <p className={muted}>
          {categoryName(document.category)} · <Verbatim>{document.type.toUpperCase()}</Verbatim> ·{' '}
          {format.fileSize(document.size)}
        </p>
      </div>
      {action}
    </li>
  );
}

/**
 * Where a document is read from: its organization's own documents, or (for an Enrolment Admin of
 * an L1 provider) the documents an L2 provider applied with.
 */
export type DocumentSource = { organization: number } | { l1Provider: number };

function download(source: DocumentSource, uniqueFileId: string) {
  return 'organization' in source
    ? api.download(CONTRACT.downloadDocument, {
        params: { orgSlno: source.organization, uniqueFileId },
      })
    : api.download(CONTRACT.l2RequestDocument, {
        params: { l1SipId: source.l1Provider, uniqueFileId },
      });
}

/** A request's documents, each downloadable. */
export function DocumentList({
  source,
  documents,
  label,
}: {
  source: DocumentSource;
  documents: readonly RequestDocument[];
  label: string;
}) {
  const { t } = useTranslation('org');
  if (documents.length === 0) return <p className={muted}>{t('documents.none')}</p>;
  return (
    <ul className={plainList} aria-label={label}>
      {documents.map((document) => (
        <DocumentRow
          key={document.uniqueFileId}
          document={document}
          action={
            <DownloadButton
              label={t('documents.downloadNamed', { name: document.name })}
              download={() => download(source, document.uniqueFileId)}
            >
              {t('documents.download')}
            </DownloadButton>
          }
        />
      ))}
    </ul>
  );
}

/** A request's documents as one of its facts (Facts), under their title (`documents.title`). */
export function documentsFact(
  title: string,
  source: DocumentSource,
  documents: readonly RequestDocument[],
): [string, React.ReactNode] {
  return [
    title,
    <DocumentList key="documents" source={source} documents={documents} label={title} />,
  ];
}

/** Where a picked document goes: an organization's uploads (a member's request). */
export function organizationUpload(organization: number) {
  return (file: File, category: DocumentCategory) =>
    api.call(CONTRACT.uploadDocument, {
      params: { orgSlno: organization },
      query: { name: file.name, category },
      file,
    });
}

/** Documents added to a request being written: chosen, checked, uploaded, removable. */
export function DocumentPicker({
  upload,
  remove,
  categories = DOCUMENT_CATEGORIES,
  documents,
  onChange,
}: {
  /** Sends a checked file (an organization's uploads, or a pre-enrolment application's). */
  upload: (file: File, category: DocumentCategory) => Promise<RequestDocument>;
  /** Takes a document out where it was stored (else it is only left out of the request). */
  remove?: (document: RequestDocument) => Promise<void>;
  categories?: readonly DocumentCategory[];
  documents: readonly RequestDocument[];
  onChange: (documents: RequestDocument[]) => void;
}) {
  const { t } = useTranslation('org');
  const format = useFormat();
  const [category, setCategory] = useState<DocumentCategory>(
    categories[0] ?? 'authorizationLetter',
  );
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const categoryName = useCategoryName();
  const full = documents.length >= DOCUMENTS_PER_REQUEST;

  const add = async ([file]: File[]) => {
    if (!file) return;
    setRefusal(null);
    const why = documentRefusal(file);
    if (why) {
      setRefusal(
        t(`documents.refused.${why}`, {
          name: file.name,
          size: format.fileSize(DOCUMENT_MAX_BYTES),
        }),
      );
      return;
    }
    setUploading(true);
    try {
      onChange([...documents, await upload(file, category)]);
    } catch (error) {
      // The server's reason (in the page's language) under the picker; anything else as a toast.
      if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
        setRefusal(error.message);
      else reportFailure(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={formGrid}>
      <p className={muted}>
        {t('documents.rules', {
          size: format.fileSize(DOCUMENT_MAX_BYTES),
          count: DOCUMENTS_PER_REQUEST,
        })}{' '}
        <Verbatim>{DOCUMENT_FORMATS}</Verbatim>
      </p>
      <Select
        label={t('documents.category')}
        options={categories.map((code) => ({ id: code, label: categoryName(code) }))}
        value={category}
        onChange={(key) => setCategory(key as DocumentCategory)}
        isDisabled={full}
      />
      <FileButton
        variant="secondary"
        acceptedFileTypes={DOCUMENT_ACCEPT.split(',')}
        isPending={uploading}
        isDisabled={full}
        onSelect={(files) => void add(files)}
      >
        {t('documents.add')}
      </FileButton>
      {refusal ? (
        <p role="alert" className={errorText}>
          {refusal}
        </p>
      ) : null}
      {documents.length > 0 ? (
        <ul className={plainList} aria-label={t('documents.chosen')}>
          {documents.map((document) => (
            <DocumentRow
              key={document.uniqueFileId}
              document={document}
              action={
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('documents.removeNamed', { name: document.name })}
                  onPress={() =>
                    void (remove ? remove(document) : Promise.resolve()).then(
                      () =>
                        onChange(
                          documents.filter((kept) => kept.uniqueFileId !== document.uniqueFileId),
                        ),
                      reportFailure,
                    )
                  }
                >
                  {t('documents.remove')}
                </Button>
              }
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
