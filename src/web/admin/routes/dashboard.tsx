import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { CalendarCheck, FileText, Image, Mail, MessageSquare, Users } from 'lucide-react';
import { PushControl } from '../components/push-control';
import { Card } from '../components/ui/card';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { WeeklyChart } from '../components/weekly-chart';
import { useSession } from '../lib/session';
import type { DashboardStats, DeskStats } from '../lib/types';
import { NoShowCard, SeatsCard } from '../features/dashboard/desk-cards';
import { LowAttendanceCard } from '../features/dashboard/low-attendance-card';
import { RecentStatsCard } from '../features/dashboard/recent-stats-card';
import { TakingsCard } from '../features/dashboard/takings-card';
import { CodeTakingsCard } from '../features/dashboard/code-takings-card';
import { MonthlyCard } from '../features/dashboard/monthly-card';
import { StaysCard } from '../features/dashboard/stays-card';
import { Tile } from '../features/dashboard/tile';
import { TodayPanel } from '../features/dashboard/today-panel';

export function DashboardPage() {
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Tableau de bord" subtitle={user ? `Bienvenue, ${user.name}` : undefined} />
      {/* Today's work first (issue 46 point 3); the totals and the months below it. */}
      <TodayPanel />
      <h2 className="mt-10 mb-4 text-lg font-semibold text-gray-900">Chiffres et totaux</h2>
      <Totals isAdmin={user?.role === 'admin'} />
    </>
  );
}

/**
 * The totals and the months lie below today's work. Their answer is drawn at a deferred
 * priority, which React splits into short tasks: a phone's main thread is not held by them
 * while the desk's day is shown (issue 46 point 4).
 */
function Totals({ isAdmin }: { isAdmin: boolean }) {
  const { data: live, isError } = useQuery<DashboardStats & DeskStats>({ queryKey: ['/api/dashboard-stats'] });
  const data = useDeferredValue(live);
  if (data) return <TotalsBody data={data} isAdmin={isAdmin} />;
  return isError ? null : <Spinner />;
}

const TotalsBody = memo(function TotalsBody({ data, isAdmin }: { data: DashboardStats & DeskStats; isAdmin: boolean }) {
  return (
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

      {data.takingsThisMonth && <TakingsCard takings={data.takingsThisMonth} passesSold={data.passesSoldThisMonth ?? 0} />}
      <CodeTakingsCard />
      <LowAttendanceCard />

      {data.monthly && <MonthlyCard months={data.monthly} />}
      {data.stays && <StaysCard months={data.stays} />}

      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="p-5 xl:col-span-2">
          <h2 className="mb-4 font-semibold text-gray-900">Réservations et messages de contact par semaine</h2>
          {data.weekly && data.weekly.length > 0 ? <WeeklyChart data={data.weekly} /> : <p className="text-sm text-gray-700">Aucune donnée pour le moment.</p>}
        </Card>
        <PushControl />
      </div>

      <RecentStatsCard stats={data.recentStats} />
    </div>
  );
});
