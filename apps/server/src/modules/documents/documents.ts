/**
 * Supporting documents (SECURITY.md "Exports and uploads"; the rules of what is accepted are the
 * domain's `documents.ts`): one store for every request that carries documents. A document is
 * uploaded on its own first (it then belongs to its uploader), taken by the request the uploader
 * submits in that request's transaction, and read back by whoever may read that request.
 *
 * - What a file is comes from its content (file-type reads the magic numbers), and it must be
 *   what its name and the media type it came with say: a PNG named `.pdf` is refused.
 * - It is kept under 128 random bits (never a guessable number), its row (cleaned name, size,
 *   SHA-256, owner) in PostgreSQL beside the request it belongs to, its bytes in the deployment's
 *   document store (./store.ts: PostgreSQL by default, files on disk or an S3-compatible bucket).
 *   Nothing is kept of a refused upload.
 * - It leaves only as an attachment, with its own name and the media type its content has, and
 *   `nosniff` (http/download.ts).
 * - Documents nobody took within a day are removed when the next one is uploaded, and one person
 *   holds at most MAX_UNTAKEN of them, so uploads cannot fill the database.
 */
import type { AuditContext } from '../audit/log.js';
import {
  DOCUMENT_TYPES,
  DOCUMENTS_PER_REQUEST,
  cleanDocumentName,
  documentTypeOfMediaType,
  documentTypeOfName,
  isAllowed,
  type DocumentType,
  type Language,
  type OrganizationAction,
} from '@tawqi/domain';
import { fileTypeFromBuffer } from 'file-type';
import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers, type Upload } from '../../http/contractRoutes.js';
import { FileAnswer } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { organizationOf, type TenantContext } from '../access/tenancy.js';
import { localWord } from '../words.js';
import { newDocumentKey } from './store.js';

/** How long an uploaded document waits to be taken by a request. */
const UNTAKEN_HOURS = 24;
/** How many untaken documents one person may hold in one organization. */
const MAX_UNTAKEN = 20;

/** What a document may belong to, and who may read it there (the permission table's actions). */
const READERS: Record<'userRequest', OrganizationAction> = {
  userRequest: 'approve',
};

const DOCUMENT_MESSAGES = {
  type: {
    en: 'This file is not a PDF, PNG or JPEG, or its name does not match its content. Choose the file again.',
    ar: 'هذا الملف ليس من الأنواع المقبولة (مستند أو صورة)، أو أن اسمه لا يطابق محتواه. اختر الملف مرة أخرى.',
  },
  empty: { en: 'This file is empty.', ar: 'هذا الملف فارغ.' },
  name: { en: 'This file has no usable name.', ar: 'ليس لهذا الملف اسم صالح.' },
  tooMany: {
    en: `You have ${String(MAX_UNTAKEN)} documents waiting to be sent with a request. Send or leave that request first.`,
    ar: `لديك ${new Intl.NumberFormat('ar-SA').format(MAX_UNTAKEN)} مستندًا بانتظار إرسالها مع طلب. أرسل ذلك الطلب أو اتركه أولًا.`,
  },
  notYours: {
    en: 'A document of this request was not uploaded by you, or was already sent with another request. Upload it again.',
    ar: 'أحد مستندات هذا الطلب لم ترفعه أنت أو أُرسل مع طلب آخر. ارفعه مرة أخرى.',
  },
  perRequest: {
    en: `A request carries at most ${String(DOCUMENTS_PER_REQUEST)} documents.`,
    ar: `يحمل الطلب ${new Intl.NumberFormat('ar-SA').format(DOCUMENTS_PER_REQUEST)} مستندات على الأكثر.`,
  },
} satisfies Record<string, Record<Language, string>>;

/** A refused upload: 415 when the file is not what it claims, 400 for the rest. */
function refusedDocument(reason: keyof typeof DOCUMENT_MESSAGES): AppError {
  return new AppError(reason === 'type' ? 415 : 400, 'VALIDATION_FAILED', {
    localized: DOCUMENT_MESSAGES[reason],
  });
}

export interface DocumentRow {
  document_slno: number;
  unique_file_id: string;
  category: string;
  name: string;
  media_type: string;
  size: number;
  user_request_slno: number | null;
  l2_request_slno: number | null;
}

const COLUMNS =
  'document_slno, unique_file_id, category, name, media_type, size, user_request_slno, l2_request_slno';

export function documentOf(row: DocumentRow, language: Language) {
  return {
    id: row.document_slno,
    category: row.category,
    name: row.name,
    status: localWord(
      row.user_request_slno === null && row.l2_request_slno === null
        ? 'documentUploaded'
        : 'documentSubmitted',
      language,
    ),
    type: documentTypeOfMediaType(row.media_type) ?? 'pdf',
    uniqueFileId: row.unique_file_id,
    size: row.size,
  };
}

/** What the bytes are, read from their content; null for anything but the three types. */
async function sniffedType(bytes: Buffer): Promise<DocumentType | null> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? documentTypeOfMediaType(found.mime) : null;
}

/**
 * A request takes the documents its author uploaded for it, in the request's transaction: each
 * must be the author's, in the organization, and not yet taken by another request.
 */
export async function takeDocuments(
  tx: Queryable,
  owner: { orgSlno: number; uploadedBy: number; userRequestSlno: number },
  uniqueFileIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(uniqueFileIds)];
  if (ids.length === 0) return;
  if (ids.length > DOCUMENTS_PER_REQUEST) throw refusedDocument('perRequest');
  const taken = await tx.query(
    `UPDATE documents SET user_request_slno = $4
      WHERE unique_file_id = ANY($1) AND org_slno = $2 AND uploaded_by = $3
        AND user_request_slno IS NULL AND l2_request_slno IS NULL`,
    [ids, owner.orgSlno, owner.uploadedBy, owner.userRequestSlno],
  );
  if (taken.rowCount !== ids.length) throw refusedDocument('notYours');
}

/** The documents of a request (a user request, an L2 provider's), oldest first. */
export async function requestDocuments(
  db: Queryable,
  request: { userRequest: number } | { l2Request: number },
  language: Language,
) {
  const [column, id] =
    'userRequest' in request
      ? ['user_request_slno', request.userRequest]
      : ['l2_request_slno', request.l2Request];
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${COLUMNS} FROM documents WHERE ${column} = $1 ORDER BY document_slno`,
    [id],
  );
  return rows.map((row) => documentOf(row, language));
}

/** An upload that passed the checks: its clean name, the type its content has, its bytes. */
export interface CheckedUpload {
  name: string;
  type: DocumentType;
  bytes: Buffer;
}

/**
 * Checks an upload: a usable name, some bytes, and content that is a PDF, PNG or JPEG agreeing
 * with its name and with the media type it came with.
 */
export async function checkedUpload(
  upload: Upload | null,
  rawName: string,
): Promise<CheckedUpload> {
  if (!upload) throw refusedDocument('type');
  const name = cleanDocumentName(rawName);
  if (name === '') throw refusedDocument('name');
  if (upload.bytes.length === 0) throw refusedDocument('empty');
  const sniffed = await sniffedType(upload.bytes);
  const declared = documentTypeOfMediaType(upload.mediaType);
  if (
    !sniffed ||
    documentTypeOfName(name) !== sniffed ||
    // A browser that does not know the type sends octet-stream (the route takes no other
    // unknown type); a type it names must agree.
    (declared !== null && declared !== sniffed)
  )
    throw refusedDocument('type');
  return { name, type: sniffed, bytes: upload.bytes };
}

/**
 * Who an upload belongs to until a request takes it: a member preparing a request in their
 * organization (at most MAX_UNTAKEN untaken at once), or a pre-enrolment application (at most
 * DOCUMENTS_PER_REQUEST, the documents it will be filed with).
 */
export type UploadOwner = { orgSlno: number; uploadedBy: number } | { applicationSlno: number };

/**
 * Records a checked upload for its owner, within the owner's limit (taken in turn under a lock,
 * so two at once cannot both pass it); bytes written beside a transaction that did not commit
 * are let go. Untaken members' documents older than a day go at the same time.
 */
export async function storeUpload(
  deps: Pick<Deps, 'pool' | 'clock' | 'documents' | 'audit'>,
  owner: UploadOwner,
  category: string,
  file: CheckedUpload,
  audit: AuditContext,
): Promise<DocumentRow> {
  const { pool, documents } = deps;
  const now = deps.clock();
  const key = newDocumentKey();
  const application = 'applicationSlno' in owner ? owner.applicationSlno : null;
  const member = 'applicationSlno' in owner ? null : owner;
  let stale: string[] = [];
  let stored: DocumentRow | undefined;
  try {
    stored = await inTransaction(pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        member
          ? `documents:${String(member.orgSlno)}:${String(member.uploadedBy)}`
          : `documents:application:${String(application)}`,
      ]);
      // The stale untaken documents go (their bytes once this commits); an application's stay
      // with it until it is filed or forgotten.
      stale = (
        await tx.query<{ unique_file_id: string }>(
          `DELETE FROM documents
            WHERE user_request_slno IS NULL AND l2_request_slno IS NULL AND application_slno IS NULL
              AND created_at < $1::timestamptz - interval '${String(UNTAKEN_HOURS)} hours'
        RETURNING unique_file_id`,
          [now],
        )
      ).rows.map((row) => row.unique_file_id);
      // The document is recorded only under the owner's limit.
      const { rows } = await tx.query<DocumentRow>(
        `WITH held AS (
           SELECT count(*) AS n FROM documents
            WHERE CASE WHEN $10::integer IS NULL
                       THEN org_slno = $2 AND uploaded_by = $3 AND user_request_slno IS NULL
                            AND l2_request_slno IS NULL AND application_slno IS NULL
                       ELSE application_slno = $10 END
         )
         INSERT INTO documents (unique_file_id, org_slno, uploaded_by, category, name, media_type, size, sha256, created_at, application_slno)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM held
          WHERE held.n < CASE WHEN $10::integer IS NULL THEN ${String(MAX_UNTAKEN)} ELSE ${String(DOCUMENTS_PER_REQUEST)} END
         RETURNING ${COLUMNS}`,
        [
          key,
          member?.orgSlno ?? null,
          member?.uploadedBy ?? null,
          category,
          file.name,
          DOCUMENT_TYPES[file.type].mediaType,
          file.bytes.length,
          createHash('sha256').update(file.bytes).digest('hex'),
          now,
          application,
        ],
      );
      if (rows[0]) {
        await documents.put(tx, key, file.bytes);
        await deps.audit.record(tx, audit, {
          action: 'document.uploaded',
          target: key,
          detail: {
            category,
            mediaType: rows[0].media_type,
            size: file.bytes.length,
            application,
          },
        });
      }
      return rows[0];
    });
  } catch (error) {
    // Bytes a store wrote beside a transaction that did not commit are let go; the upload's
    // own failure is what the caller hears of.
    await documents.forget([key]).catch(() => undefined);
    throw error;
  }
  // The upload is made: bytes of stale documents a store cannot remove now stay behind
  // (no row names them, nobody reads them) rather than fail it.
  await documents.forget(stale).catch(() => undefined);
  if (!stored) throw refusedDocument(application === null ? 'tooMany' : 'perRequest');
  return stored;
}

/** Whether the caller may read a document: its uploader before a request takes it; after, the request's readers. */
function mayRead(
  tenant: TenantContext,
  callerSlno: number,
  row: DocumentRow & { uploaded_by: number },
) {
  if (row.user_request_slno === null) return row.uploaded_by === callerSlno;
  return isAllowed({ roles: tenant.roles, sipLevel: tenant.provider.level }, READERS.userRequest);
}

export function documentHandlers(
  deps: Pick<Deps, 'pool' | 'clock' | 'documents' | 'audit'>,
): Handlers {
  const { pool, documents } = deps;

  /** A document's bytes, as a file under its own name; not found when the store lost them. */
  /** A document's file for a download, the download recorded. */
  const fileOf = async (
    row: { unique_file_id: string; name: string; media_type: string },
    audit: AuditContext,
  ) => {
    const bytes = await documents.get(pool, row.unique_file_id);
    if (!bytes) throw new AppError(404, 'NOT_FOUND');
    await deps.audit.record(pool, audit, {
      action: 'document.downloaded',
      target: row.unique_file_id,
      detail: { mediaType: row.media_type, size: bytes.length },
    });
    return new FileAnswer(bytes, row.name, row.media_type);
  };

  return {
    uploadDocument: async ({ tenant, caller, input, upload, language, audit }) => {
      const owner = { orgSlno: organizationOf(tenant), uploadedBy: requireCaller(caller).userSlno };
      const file = await checkedUpload(upload, input.query.name);
      return documentOf(
        await storeUpload(deps, owner, input.query.category, file, audit),
        language,
      );
    },

    downloadDocument: async ({ tenant, caller, input, audit }) => {
      const { rows } = await pool.query<DocumentRow & { uploaded_by: number }>(
        `SELECT ${COLUMNS}, uploaded_by FROM documents
          WHERE org_slno = $1 AND unique_file_id = $2`,
        [organizationOf(tenant), input.params.uniqueFileId],
      );
      const [row] = rows;
      // Another organization's document, or one the caller may not read, is not found.
      if (!row || !tenant || !mayRead(tenant, requireCaller(caller).userSlno, row))
        throw new AppError(404, 'NOT_FOUND');
      return fileOf(row, audit);
    },

    // An L2 provider's application documents, for an Enrolment Admin of its L1 (the route has
    // checked the document is of a request to the tenant provider).
    l2RequestDocument: async ({ tenant, input, audit }) => {
      const { rows } = await pool.query<{
        unique_file_id: string;
        name: string;
        media_type: string;
      }>(
        `SELECT d.unique_file_id, d.name, d.media_type
           FROM documents d JOIN l2_requests r ON r.request_slno = d.l2_request_slno
          WHERE r.l1_sip_slno = $1 AND d.unique_file_id = $2`,
        [tenant?.provider.slno, input.params.uniqueFileId],
      );
      const [row] = rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return fileOf(row, audit);
    },
  };
}
