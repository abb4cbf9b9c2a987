/** Every migration, in order. A migration is never edited once released: add the next one. */
import * as initial from './001_initial.js';
import * as hardening from './002_hardening.js';
import * as personDetails from './003_person_details.js';
import * as accountCompletion from './004_account_completion.js';
import * as tenancy from './005_tenancy.js';
import * as organizationStructure from './006_organization_structure.js';
import * as commerceOwners from './007_commerce_owners.js';
import * as esignRunningNumber from './008_esign_running_number.js';
import * as memberUnits from './009_member_units.js';
import * as requestAuthors from './010_request_authors.js';
import * as newUserVerification from './011_new_user_verification.js';
import * as documents from './012_documents.js';
import * as countersLedger from './013_counters_ledger.js';
import * as esignLots from './014_esign_lots.js';
import * as organizationOrders from './015_organization_orders.js';
import * as specialPlans from './016_special_plans.js';
import * as purchaseOrders from './017_purchase_orders.js';
import * as transactionOrderIndexes from './018_transaction_order_indexes.js';
import * as providerHierarchy from './019_provider_hierarchy.js';
import * as providerOrders from './020_provider_orders.js';
import * as lookupIndexes from './021_lookup_indexes.js';
import * as transactionDocumentCount from './022_transaction_document_count.js';
import * as documentStore from './023_document_store.js';
import * as preEnrolment from './024_pre_enrolment.js';
import * as certificateAuthority from './025_certificate_authority.js';
import * as organizationSeal from './026_organization_seal.js';
import * as timeStamping from './027_time_stamping.js';
import * as esignService from './028_esign_service.js';
import * as longTermValidation from './029_long_term_validation.js';
import * as activeMember from './030_active_member.js';
import * as providerStaff from './031_provider_staff.js';
import * as invoiceItems from './032_invoice_items.js';
import * as organizationApplications from './033_organization_applications.js';
import * as keysInHsm from './034_keys_in_hsm.js';
import * as issuingGenerations from './035_issuing_generations.js';
import * as quarantine from './036_quarantine.js';
import * as auditChaining from './037_audit_chaining.js';
import * as unsignedAnswers from './038_unsigned_answers.js';
import * as simulatorRecords from './039_simulator_records.js';
import * as visibleSignatures from './040_visible_signatures.js';
import * as portalSigning from './041_portal_signing.js';
import * as organizationLogos from './042_organization_logos.js';
import * as envelopes from './043_envelopes.js';
import * as decisionsAlone from './044_decisions_alone.js';
import * as signedPurges from './045_signed_purges.js';
import * as envelopeInvitations from './046_envelope_invitations.js';
import * as emailLinkResume from './047_email_link_resume.js';
import * as agreementTitles from './048_agreement_titles.js';

export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  initial,
  hardening,
  personDetails,
  accountCompletion,
  tenancy,
  organizationStructure,
  commerceOwners,
  esignRunningNumber,
  memberUnits,
  requestAuthors,
  newUserVerification,
  documents,
  countersLedger,
  esignLots,
  organizationOrders,
  specialPlans,
  purchaseOrders,
  transactionOrderIndexes,
  providerHierarchy,
  providerOrders,
  lookupIndexes,
  transactionDocumentCount,
  documentStore,
  preEnrolment,
  certificateAuthority,
  organizationSeal,
  timeStamping,
  esignService,
  longTermValidation,
  activeMember,
  providerStaff,
  invoiceItems,
  organizationApplications,
  keysInHsm,
  issuingGenerations,
  quarantine,
  auditChaining,
  unsignedAnswers,
  simulatorRecords,
  visibleSignatures,
  portalSigning,
  organizationLogos,
  envelopes,
  decisionsAlone,
  signedPurges,
  envelopeInvitations,
  emailLinkResume,
  agreementTitles,
];
