import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, FileText, Image, Mail, MessageSquare, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PushControl } from '../components/push-control';
import { Card } from '../components/ui/card';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { WeeklyChart } from '../components/weekly-chart';
import { formatDate, formatGymDate } from '../lib/format';
import { useSession } from '../lib/session';
import type { DashboardStats, DeskStats, SeatsDay } from '../lib/types';

const METRIC_LABELS: Record<string, string> = {
  page_view: 'Pages vues',
  contact_form: 'Formulaires de contact',
  newsletter_signup: 'Inscriptions newsletter',
  blog_post_created: 'Articles créés',
  user_created: 'Utilisateurs créés',
  gallery_image_uploaded: 'Images ajoutées',
};

function Tile({ label, value, icon: Icon, to }: { label: string; value: number; icon: LucideIcon; to?: string }) {
  const body = (
    // Two per row on a phone: the icon goes above the figures there, beside them from 640 px.
    <Card
      className="flex h-full flex-col items-start gap-2 p-4 transition-shadow hover:shadow-md sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      data-testid="dashboard-tile"
    >
      <div className="rounded-md bg-red-100 p-2 text-red-800 sm:p-3">
        <Icon className="h-5 w-5 sm:h-6 sm:w-6" aria-hidden />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-gray-700">{label}</p>
        <p className="text-2xl font-bold text-gray-900">{value.toLocaleString('fr-FR')}</p>
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} className="block h-full rounded-lg focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none">
      {body}
    </Link>
  ) : (
    body
  );
}

export function DashboardPage() {
  const { user } = useSession();
  const { data, isLoading } = useQuery<DashboardStats & DeskStats>({ queryKey: ['/api/dashboard-stats'] });
  const isAdmin = user?.role === 'admin';

  return (
    <>
      <PageHeader title="Tableau de bord" subtitle={user ? `Bienvenue, ${user.name}` : undefined} />
      {isLoading && <Spinner />}
      {data && (
        <div className="grid gap-6">
          <section aria-label="Totaux" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-3">
            <Tile label="Réservations ce mois-ci" value={data.reservationsThisMonth} icon={CalendarCheck} to="/admin/reservations" />
            <Tile label="Utilisateurs" value={data.totalUsers} icon={Users} to={isAdmin ? '/admin/users' : undefined} />
            <Tile label="Articles de blog" value={data.totalBlogPosts} icon={FileText} to="/admin/blog" />
            <Tile label="Images de la galerie" value={data.totalGalleryImages} icon={Image} to="/admin/gallery" />
            <Tile label="Messages de contact" value={data.totalContactSubmissions} icon={MessageSquare} to="/admin/newsletter?onglet=contact" />
            <Tile label="Abonnés newsletter" value={data.totalNewsletterSubscribers} icon={Mail} to="/admin/newsletter" />
          </section>

          {(data.seatsNext7Days || data.attendance30Days || data.noShowRate30Days !== undefined) && (
            <div className="grid gap-6 xl:grid-cols-3">
              <SeatsCard days={data.seatsNext7Days ?? []} />
              <NoShowCard rate={data.noShowRate30Days ?? null} attendance={data.attendance30Days} />
            </div>
          )}

          <div className="grid gap-6 xl:grid-cols-3">
            <Card className="p-5 xl:col-span-2">
              <h2 className="mb-4 font-semibold text-gray-900">Réservations et messages de contact par semaine</h2>
              {data.weekly && data.weekly.length > 0 ? (
                <WeeklyChart data={data.weekly} />
              ) : (
                <p className="text-sm text-gray-700">Aucune donnée pour le moment.</p>
              )}
            </Card>
            <PushControl />
          </div>

          <Card className="p-5">
            <h2 className="mb-4 font-semibold text-gray-900">Statistiques récentes</h2>
            {data.recentStats.length === 0 ? (
              <p className="text-sm text-gray-700">Aucune statistique pour le moment.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="border-b border-gray-200 text-gray-700">
                    <tr>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Indicateur
                      </th>
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Valeur
                      </th>
                      <th scope="col" className="py-2 font-medium">
                        Date
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.recentStats.map((s) => (
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
        </div>
      )}
    </>
  );
}

const percent = (n: number) => `${Math.round(n * 100)} %`;

/** Seats booked per day for the coming 7 days (gym dates), with the fill rate: one bar per day, its numbers written beside it. */
function SeatsCard({ days }: { days: SeatsDay[] }) {
  return (
    <Card className="p-5 xl:col-span-2" data-testid="seats-next-7-days">
      <h2 className="mb-4 font-semibold text-gray-900">Places réservées — 7 prochains jours</h2>
      {days.length === 0 ? (
        <p className="text-sm text-gray-700">Aucune séance prévue.</p>
      ) : (
        <ul className="grid gap-3">
          {days.map((d) => {
            // The rate from the two counts shown, so the bar, the numbers and the percentage agree.
            const rate = d.capacity > 0 ? d.booked / d.capacity : 0;
            const text = d.capacity > 0 ? `${d.booked}/${d.capacity} places, ${percent(rate)}` : 'Fermé';
            return (
              <li
                key={d.date}
                className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-3 text-sm sm:grid-cols-[9rem_minmax(0,1fr)_9rem]"
                data-testid="seats-day"
              >
                <span className="text-gray-900 first-letter:uppercase">{formatGymDate(d.date, { year: false })}</span>
                <span className="h-3 overflow-hidden rounded-full bg-gray-200" aria-hidden>
                  <span className="block h-full bg-red-700" style={{ width: `${Math.min(100, Math.round(rate * 100))}%` }} />
                </span>
                <span className="col-span-2 text-gray-700 tabular-nums sm:col-span-1 sm:text-right" data-testid="seats-day-text">
                  {text}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** The share of no-shows among the bookings marked in the last 30 days. */
function NoShowCard({ rate, attendance }: { rate: number | null; attendance?: { present: number; noShow: number } }) {
  const marked = attendance ? attendance.present + attendance.noShow : 0;
  // From the counts when the server sent them; else its rate (a fraction, or a percentage above 1).
  const value = attendance && marked > 0 ? attendance.noShow / marked : rate === null ? null : rate > 1 ? rate / 100 : rate;
  return (
    <Card className="p-5" data-testid="no-show-rate">
      <h2 className="mb-2 font-semibold text-gray-900">Absences — 30 derniers jours</h2>
      {value === null ? (
        <p className="text-sm text-gray-700">Aucune présence pointée pour le moment.</p>
      ) : (
        <>
          <p className="text-3xl font-bold text-gray-900">{percent(value)}</p>
          <p className="mt-1 text-sm text-gray-700">
            {attendance
              ? `${attendance.noShow} absent${attendance.noShow > 1 ? 's' : ''} sur ${marked} personne${marked > 1 ? 's' : ''} pointée${marked > 1 ? 's' : ''}`
              : 'des personnes pointées'}
          </p>
        </>
      )}
    </Card>
  );
}
