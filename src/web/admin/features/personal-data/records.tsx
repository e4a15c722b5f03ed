import type { ReactNode } from 'react';
import type { PersonalDataDto } from '../../../../shared/api-types';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid="personal-data-section">
      <h2 className="mb-2 flex items-center gap-2 text-base font-semibold text-gray-900">
        {title} <Badge tone={count > 0 ? 'blue' : 'gray'}>{count}</Badge>
      </h2>
      {count > 0 && (
        <Card>
          <ul className="divide-y divide-gray-200">{children}</ul>
        </Card>
      )}
    </section>
  );
}

const Row = ({ title, detail, text }: { title: ReactNode; detail: ReactNode; text?: string | null }) => (
  <li className="p-3 text-sm">
    <p className="font-medium wrap-anywhere text-gray-900">{title}</p>
    <p className="wrap-anywhere text-gray-700">{detail}</p>
    {text && <p className="mt-1 line-clamp-3 wrap-anywhere whitespace-pre-wrap text-gray-800">{text}</p>}
  </li>
);

/** Everything found about the person, one section per kind of record. */
export function Records({ d }: { d: PersonalDataDto }) {
  return (
    <div className="grid gap-6">
      <Section title="Réservations" count={d.reservations.length}>
        {d.reservations.map((r) => (
          <Row
            key={r.id}
            title={`${r.name} — ${r.course}`}
            detail={`${formatDateTime(r.dateTime)} · ${[r.email, r.phone].filter(Boolean).join(' · ')}`}
            text={r.message}
          />
        ))}
      </Section>
      <Section title="Conversations" count={d.conversations.length}>
        {d.conversations.map((c) => (
          <Row
            key={c.id}
            title={c.subject}
            detail={`${c.userName} · ${c.userEmail} · ${c.messages.length} message${c.messages.length > 1 ? 's' : ''}`}
            text={c.messages[0]?.content}
          />
        ))}
      </Section>
      <Section title="Messages de contact" count={d.contactSubmissions.length}>
        {d.contactSubmissions.map((c) => (
          <Row
            key={c.id}
            title={c.subject}
            detail={`${c.name} · ${[c.email, c.phone].filter(Boolean).join(' · ')} · ${formatDateTime(c.createdAt)}`}
            text={c.message}
          />
        ))}
      </Section>
      <Section title="Newsletter" count={d.newsletterSubscriptions.length}>
        {d.newsletterSubscriptions.map((s) => (
          <Row key={s.id} title={s.email} detail={`${s.isActive ? 'Actif' : 'Inactif'} · inscrit le ${formatDateTime(s.subscribedAt)}`} />
        ))}
      </Section>
      <Section title="E-mails (file d'envoi)" count={d.outbox.length}>
        {d.outbox.map((o) => (
          <Row key={o.id} title={o.subject} detail={`À ${o.toAddress} · ${formatDateTime(o.createdAt)} · ${o.status}`} />
        ))}
      </Section>
      <Section title="Fichiers .eml" count={d.emlFiles.length}>
        {d.emlFiles.map((f) => (
          <Row key={f.name} title={f.name} detail={`${f.size} octets · ${formatDateTime(f.modifiedAt)}`} />
        ))}
      </Section>
      <Section title="E-mails reçus" count={d.inboundMails.length}>
        {d.inboundMails.map((m) => (
          <Row
            key={m.id}
            title={m.subject ?? '(sans objet)'}
            detail={`${m.fromAddress ?? '?'} · ${formatDateTime(m.createdAt)} · ${m.outcome}`}
            text={m.detail}
          />
        ))}
      </Section>
      <Section title="E-mails retenus (expéditeur non vérifié)" count={d.heldMails.length}>
        {d.heldMails.map((h) => (
          <Row
            key={h.id}
            title={h.subject ?? '(sans objet)'}
            detail={`${h.fromAddress ?? '?'} · ${formatDateTime(h.createdAt)} · ${h.reason}`}
            text={h.content}
          />
        ))}
      </Section>
      <Section title="Pièces jointes" count={d.attachments.length}>
        {d.attachments.map((a) => (
          <Row key={a.id} title={a.filename} detail={`${a.contentType} · ${a.sizeBytes} octets · ${a.stored ? 'conservée' : 'listée seulement'}`} />
        ))}
      </Section>
      <Section title="Lettres pour visa" count={d.visaLetters.length}>
        {d.visaLetters.map((v) => (
          <Row
            key={v.id}
            title={`${v.reference ?? 'Demande'} · ${v.fullName ?? '(effacé)'}`}
            detail={`${formatDateTime(v.createdAt)} · ${v.status}`}
            text={[v.nationality, v.passportNumber, v.dateOfBirth, v.embassy].filter(Boolean).join(' · ') || null}
          />
        ))}
      </Section>
      <Section title="Adresse en échec (bounce)" count={d.bounces.length}>
        {d.bounces.map((b) => (
          <Row key={b.email} title={b.email} detail={`depuis le ${formatDateTime(b.bouncedAt)}`} text={b.reason} />
        ))}
      </Section>
    </div>
  );
}
