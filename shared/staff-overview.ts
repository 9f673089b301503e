import { inboxFormLabels, inboxForms, type InboxForm } from "./inbox";
import { staffPath, staffPaths } from "./staff-paths";

/**
 * What the workspace's overview answers (GET /admin/api/overview): for each area the
 * member's role gives them, the counts that need doing, and where each one is listed.
 * The links are built here so the page and its tests follow the same addresses.
 */

export type FormWeek = { form: InboxForm; thisWeek: number; lastWeek: number };

export type LeadsOverview = {
  newLeads: number;
  unread: number;
  /** Still new this many hours after arriving: the follow-up reminder's rule. */
  overdue: number;
  overdueAfterHours: number;
  /** Notification e-mails not yet sent: waiting for a retry, or given up on. */
  waitingEmails: { pending: number; dead: number };
  meetingsToday: number;
  /**
   * Confirmed meetings from now until the same moment seven days on: what "this week" meant
   * to a reader on a Saturday with a meeting on Thursday, whatever day it is.
   */
  meetingsNextSevenDays: number;
  /** Cape Town days, YYYY-MM-DD: this week runs Monday `start` to Sunday. */
  week: { start: string; lastWeekStart: string; lastWeekEnd: string };
  byForm: FormWeek[];
};

export type ContentOverview = {
  kinds: { kind: string; drafts: number; published: number }[];
  /** Pages whose copy has an unpublished draft, of every page whose copy staff edit. */
  pages: { drafts: number; total: number };
  /** Pages with a search snippet staff wrote, of every page that has one. */
  snippets: { own: number; total: number };
};

export type UsersOverview = { pendingInvitations: number };

export type StaffOverview = {
  leads?: LeadsOverview;
  content?: ContentOverview;
  users?: UsersOverview;
};

const leadsWhere = (query: Record<string, string>) => `${staffPaths.leads}?${new URLSearchParams(query)}`;

/** Where each count of the leads area is listed: the inbox, filtered to exactly those. */
export const overviewLinks = {
  newLeads: leadsWhere({ status: "new" }),
  unread: leadsWhere({ unread: "1" }),
  overdue: leadsWhere({ overdue: "1" }),
  waitingEmails: staffPaths.notifications,
  meetings: staffPaths.meetings,
  thisWeek: (form: InboxForm, week: LeadsOverview["week"]) => leadsWhere({ form, since: week.start }),
  lastWeek: (form: InboxForm, week: LeadsOverview["week"]) =>
    leadsWhere({ form, since: week.lastWeekStart, until: week.lastWeekEnd }),
  content: (kind: string) => staffPath(staffPaths.content, { kind }),
  pages: staffPaths.pages,
  snippets: staffPaths.snippets,
  users: staffPaths.users,
} as const;

/** The forms in the order the table lists them, with their labels. */
export const overviewForms = inboxForms.map((form) => ({ form, label: inboxFormLabels[form] }));
