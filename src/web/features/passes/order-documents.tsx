import { buttonClass } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { attendanceUrl, receiptUrl } from './pass-queries';

/** A paid order's documents: the receipt, and the attendance statement of a pass in use (PDFs). */
export default function OrderDocuments({ token, receipt, attendance }: { token: string; receipt: boolean; attendance: boolean }) {
  const t = useT();
  return (
    <div className="mt-6 border-t border-ink-700 pt-6" data-testid="order-documents">
      <div className="flex flex-wrap gap-3">
        {receipt && (
          <a href={receiptUrl(token)} className={buttonClass('outline', 'sm', 'gap-2')} data-testid="order-receipt">
            {t('order.receipt')}
          </a>
        )}
        {attendance && (
          <a href={attendanceUrl(token)} className={buttonClass('outline', 'sm', 'gap-2')} data-testid="order-attendance-pdf">
            {t('order.attendanceStatement')}
          </a>
        )}
      </div>
    </div>
  );
}
