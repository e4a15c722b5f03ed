import ICAL from 'ical.js';

/** Reads an .ics text with a real calendar parser (ical.js): the facts the tests check. */
export function parseCalendar(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const vevent = cal.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    startIsUtc: event.startDate.zone?.tzid === 'UTC',
    status: vevent.getFirstPropertyValue('status'),
    summary: event.summary,
    location: event.location,
    description: event.description,
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent.getAllProperties('attendee').map((p) => ({ value: String(p.getFirstValue()), cn: p.getParameter('cn'), rsvp: p.getParameter('rsvp') })),
    events: cal.getAllSubcomponents('vevent').length,
    alarms: vevent.getAllSubcomponents('valarm').length,
  };
}
