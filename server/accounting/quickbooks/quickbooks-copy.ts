import type { Insertable } from 'kysely';
import { balanceKind } from '@/shared/domain/quickbooks-cash-flow';
import type {
  QboBalanceTable,
  QboCustomerTable,
  QboInvoiceTable,
  QboPaymentLineTable,
  QboPlanTable,
} from '../../db/schema';
import type {
  QuickBooksAccount,
  QuickBooksCustomer,
  QuickBooksInvoice,
  QuickBooksPayment,
  QuickBooksRecurringInvoice,
} from './quickbooks-schemas';

// What a company's books become in the local copy the cash-flow reports read (issue #33;
// migration 0033; the figures in server/reports/quickbooks-cash-flow.ts). Intuit's shapes
// are those of the entity pages cited in quickbooks-schemas.ts:
//
// - Customer → qbo_customers: DisplayName, PrimaryEmailAddr.Address, PrimaryPhone (else Mobile);
// - Invoice → qbo_invoices, one payment due: DueDate (else TxnDate), TotalAmt, Balance (what
//   is still owed), RecurDataRef (the recurring template it came from, when given);
// - Payment → qbo_payment_lines: each Line's Amount with the Invoice it is linked to, and
//   what is not applied (UnappliedAmt, or the whole TotalAmt of a payment without lines);
// - a recurring invoice template → qbo_plans: RecurringInfo's Name, Active and
//   ScheduleInfo (IntervalType, NumInterval, StartDate, EndDate, NextDate), its TotalAmt;
// - a Bank account → qbo_balances: CurrentBalance on the day it was read, and its kind by
//   name (operating, profit, other).

export interface QuickBooksBooks {
  customers: readonly QuickBooksCustomer[];
  invoices: readonly QuickBooksInvoice[];
  payments: readonly QuickBooksPayment[];
  plans: readonly QuickBooksRecurringInvoice[];
  accounts: readonly QuickBooksAccount[];
}

export interface QuickBooksCopy {
  customers: Insertable<QboCustomerTable>[];
  invoices: Insertable<QboInvoiceTable>[];
  paymentLines: Insertable<QboPaymentLineTable>[];
  plans: Insertable<QboPlanTable>[];
  balances: Insertable<QboBalanceTable>[];
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** Intuit's amounts are decimal dollars; the copy keeps whole cents. */
export const toCents = (amount: number | null | undefined): number =>
  Math.round((amount ?? 0) * 100);

/** A Date (YYYY-MM-DD, perhaps with a time) as a day; null when it is none. */
function dayOf(value: string | null | undefined): string | null {
  const match = value ? DAY.exec(value) : null;
  return match ? match[0] : null;
}

/** The recurring template an invoice came from: its RecurDataRef, when Intuit gives one. */
function templateOf(invoice: QuickBooksInvoice): string | null {
  const ref: unknown = invoice.RecurDataRef;
  if (ref && typeof ref === 'object' && 'value' in ref && typeof ref.value === 'string') {
    return ref.value;
  }
  return null;
}

function paymentLines(workspaceId: string, payment: QuickBooksPayment, today: string) {
  const txnDay = dayOf(payment.TxnDate) ?? today;
  const base = {
    workspace_id: workspaceId,
    payment_id: payment.Id,
    customer_id: payment.CustomerRef.value,
    txn_day: txnDay,
  };
  const lines: Insertable<QboPaymentLineTable>[] = [];
  let applied = 0;
  for (const line of payment.Line ?? []) {
    const invoice = line.LinkedTxn?.find((txn) => txn.TxnType === 'Invoice');
    const cents = toCents(line.Amount);
    applied += cents;
    lines.push({
      ...base,
      line: lines.length,
      invoice_id: invoice?.TxnId ?? null,
      amount_cents: cents,
    });
  }
  // What the payment did not apply to an invoice still came in.
  const unapplied =
    payment.UnappliedAmt !== null && payment.UnappliedAmt !== undefined
      ? toCents(payment.UnappliedAmt)
      : toCents(payment.TotalAmt) - applied;
  if (unapplied > 0) {
    lines.push({ ...base, line: lines.length, invoice_id: null, amount_cents: unapplied });
  }
  return lines;
}

/** The company's books as the copy's rows; `today` is the workspace's day of the reading. */
export function quickBooksCopy(
  workspaceId: string,
  books: QuickBooksBooks,
  today: string,
): QuickBooksCopy {
  return {
    customers: books.customers.map((customer) => ({
      workspace_id: workspaceId,
      id: customer.Id,
      name: customer.DisplayName,
      email: customer.PrimaryEmailAddr?.Address ?? null,
      phone: customer.PrimaryPhone?.FreeFormNumber ?? customer.Mobile?.FreeFormNumber ?? null,
    })),
    invoices: books.invoices.map((invoice) => {
      const txnDay = dayOf(invoice.TxnDate) ?? today;
      return {
        workspace_id: workspaceId,
        id: invoice.Id,
        customer_id: invoice.CustomerRef.value,
        doc_number: invoice.DocNumber ?? null,
        txn_day: txnDay,
        due_day: dayOf(invoice.DueDate) ?? txnDay,
        total_cents: toCents(invoice.TotalAmt),
        balance_cents: toCents(invoice.Balance),
        plan_id: templateOf(invoice),
      };
    }),
    paymentLines: books.payments.flatMap((payment) => paymentLines(workspaceId, payment, today)),
    plans: books.plans.map((plan) => {
      const schedule = plan.RecurringInfo.ScheduleInfo;
      return {
        workspace_id: workspaceId,
        id: plan.Id,
        name: plan.RecurringInfo.Name ?? `Plan ${plan.Id}`,
        customer_id: plan.CustomerRef?.value ?? null,
        active: plan.RecurringInfo.Active === false ? 0 : 1,
        interval_type: schedule?.IntervalType ?? 'Monthly',
        num_interval: Math.max(1, schedule?.NumInterval ?? 1),
        start_day: dayOf(schedule?.StartDate) ?? today,
        end_day: dayOf(schedule?.EndDate),
        next_day: dayOf(schedule?.NextDate),
        amount_cents: toCents(plan.TotalAmt),
      };
    }),
    balances: books.accounts.map((account) => ({
      workspace_id: workspaceId,
      account_id: account.Id,
      day: today,
      name: account.Name,
      kind: balanceKind(account.Name),
      balance_cents: toCents(account.CurrentBalance),
    })),
  };
}
