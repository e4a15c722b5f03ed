import { ShieldCheck } from 'lucide-react';
import { roleLabel } from '../components/layout/admin-shell';
import { PageHeader } from '../components/ui/page-header';
import { PasswordSection } from '../features/account/password-section';
import { RequirementSection } from '../features/account/requirement-section';
import { TwoFactorSection } from '../features/account/two-factor-section';
import { useSession } from '../lib/session';

/** "Mon compte": one's password, two-factor, and for admins the two-factor requirement. */
export function AccountPage() {
  const { user } = useSession();
  if (!user) return null;
  const mustEnrol = Boolean(user.twoFactorSetupRequired);
  return (
    <div className="grid gap-6">
      <PageHeader title="Mon compte" subtitle={`${user.name} · ${user.email} · ${roleLabel(user.role)}`} />
      {mustEnrol && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>Un administrateur exige la double authentification : activez-la ci-dessous pour accéder au back office.</p>
        </div>
      )}
      <TwoFactorSection />
      {!mustEnrol && <PasswordSection />}
      {!mustEnrol && user.role === 'admin' && <RequirementSection />}
    </div>
  );
}
