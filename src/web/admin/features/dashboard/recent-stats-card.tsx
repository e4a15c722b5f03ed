import { Card } from '../../components/ui/card';
import { ColumnHeads } from '../../components/ui/column-heads';
import { formatDate } from '../../lib/format';
import type { DashboardStats } from '../../lib/types';

const METRIC_LABELS: Record<string, string> = {
  page_view: 'Pages vues',
  contact_form: 'Formulaires de contact',
  newsletter_signup: 'Inscriptions newsletter',
  blog_post_created: 'Articles créés',
  user_created: 'Utilisateurs créés',
  gallery_image_uploaded: 'Images ajoutées',
};

/** The latest recorded figures (page views, sign-ups…) as the server lists them. */
export function RecentStatsCard({ stats }: { stats: DashboardStats['recentStats'] }) {
  return (
    <Card className="p-5">
      <h2 className="mb-4 font-semibold text-gray-900">Statistiques récentes</h2>
      {stats.length === 0 ? (
        <p className="text-sm text-gray-700">Aucune statistique pour le moment.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 text-gray-700">
              <ColumnHeads
                columns={[
                  ['Indicateur', 'py-2 pr-4 font-medium'],
                  ['Valeur', 'py-2 pr-4 font-medium'],
                  ['Date', 'py-2 font-medium'],
                ]}
              />
            </thead>
            <tbody>
              {stats.map((s) => (
                <tr key={s.id} className="border-b border-gray-100 last:border-0">
                  <td className="py-2 pr-4 text-gray-900">{METRIC_LABELS[s.metric] ?? s.metric}</td>
                  <td className="py-2 pr-4 font-semibold text-gray-900">{s.value}</td>
                  <td className="py-2 text-gray-700">{formatDate(s.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
