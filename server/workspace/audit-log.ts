/**
 * Transitional: the audit log lives in server/db/audit-log.ts. Kept only until the
 * site-admin modules import it from there (docs/decisions/034-server-layers.md).
 */
export { listAudit, recordAudit, type AuditEntry, type AuditRecord } from "../db/audit-log";
