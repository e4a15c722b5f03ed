import { Tabs } from 'radix-ui';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useCancellations, useClasses, useClosures, useWeeklySessions } from '../features/planning/api';
import { CancellationsTab } from '../features/planning/cancellations-tab';
import { ClassesTab } from '../features/planning/classes-tab';
import { ClosuresTab } from '../features/planning/closures-tab';
import { gymZoneName } from '../lib/format';

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

/** "Planning": classes and their weekly sessions, cancelled dates, closures, one tab each. */
export function PlanningPage() {
  const { data: classes, isLoading } = useClasses();
  const { data: sessions } = useWeeklySessions();
  const { data: cancellations } = useCancellations();
  const { data: closures } = useClosures();
  const zone = gymZoneName();

  return (
    <>
      <PageHeader
        title="Planning"
        subtitle={
          <>
            Cours, créneaux hebdomadaires, annulations et fermetures. Toutes les heures sont en <strong data-testid="planning-zone">{zone}</strong>.
          </>
        }
      />
      <Tabs.Root defaultValue="classes">
        <Tabs.List aria-label="Planning" className="mb-6 flex rounded-lg bg-gray-200 p-1 sm:inline-flex">
          <Tabs.Trigger value="classes" className={tabClass}>
            Cours et créneaux
          </Tabs.Trigger>
          <Tabs.Trigger value="cancellations" className={tabClass}>
            Annulations ({cancellations?.length ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="closures" className={tabClass}>
            Fermetures ({closures?.length ?? 0})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="classes">
          {isLoading && <Spinner />}
          {classes && <ClassesTab classes={classes} sessions={sessions ?? []} />}
        </Tabs.Content>
        <Tabs.Content value="cancellations">
          <CancellationsTab />
        </Tabs.Content>
        <Tabs.Content value="closures">
          <ClosuresTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
