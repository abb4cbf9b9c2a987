/**
 * The words the server answers in: the domain's one catalogue of terms (TERMS) and statuses,
 * which the api package's mock answers use too.
 */
export { TERMS, inLanguage, localWord } from '@tawqi/domain';
