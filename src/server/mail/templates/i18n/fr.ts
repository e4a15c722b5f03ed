import type { MailMessages } from './en';

// French. "vous"; a no-break space before : ; ! ? as French typesetting wants; dates come
// written by Intl ('fr').
export const fr: MailMessages = {
  hello: (name) => `Bonjour ${name},`,
  booked: (gym) => `Votre place est réservée. Rendez-vous sur les tapis à ${gym}\u00a0!`,
  labelClass: 'Cours',
  labelWhen: 'Quand',
  labelWhere: 'Où',
  labelMap: 'Plan',
  openMap: 'Ouvrir dans Google Maps',
  labelBooking: 'Réservation',
  labelNewTime: 'Nouvel horaire',
  labelWas: 'Avant',
  whatToBring: 'À apporter',
  whatToBringItems: [
    "De l'eau",
    'Une serviette',
    'Une tenue de sport confortable (short et t-shirt)',
    'Vos gants et protège-tibias si vous en avez\u00a0: vous pouvez aussi en louer sur place',
  ],
  arriveEarly: "Merci d'arriver 10 minutes en avance pour vous changer et vous échauffer.",
  changeOrCancel: 'Modifier ou annuler votre réservation',
  changeByMessage: (viaReply, whatsapp) =>
    `Besoin de modifier ou d'annuler\u00a0? ${viaReply ? 'Répondez simplement à cet e-mail ou écrivez-nous' : 'Écrivez-nous simplement'} sur WhatsApp au ${whatsapp}.`,
  passUsed: (pass, left) =>
    `Réservé avec votre pass «\u00a0${pass}\u00a0»\u00a0: ${left == null ? 'cours illimités pendant sa durée' : left <= 1 ? `${left} séance restante` : `${left} séances restantes`}.`,
  passCancelRule: (deadline) =>
    `Annulez au plus tard le ${deadline} (heure du club) et la séance revient sur votre pass\u00a0; une annulation plus tardive ou une absence la consomme.`,
  cancelRule: (deadline) =>
    `Un empêchement\u00a0? Annulez au plus tard le ${deadline} (heure du club) pour que votre place profite à quelqu'un d'autre\u00a0; les annulations plus tardives et les absences sont notées.`,
  confirmationNote: "Le fichier de calendrier joint (booking.ics) ajoute le cours à votre agenda, qui l'affiche dans votre propre fuseau horaire.",
  confirmationSubject: (course, date, time) => `Réservation confirmée\u00a0: ${course} le ${date} à ${time}`,
  requestReceived: (gym) => `Nous avons bien reçu votre demande. ${gym} vous répondra pour convenir d’un horaire\u00a0: rien n’est réservé d’ici là.`,
  labelAskedFor: 'Demandé pour',
  requestSubject: (course, date, time) => `Demande reçue\u00a0: ${course} le ${date} à ${time}`,
  cancelledByGym: (gym) => `Nous sommes désolés\u00a0: ${gym} a dû annuler votre réservation.`,
  cancelledByCustomer: "Votre réservation est annulée, comme vous l'avez demandé.",
  gymReason: (reason) => `La raison\u00a0: «\u00a0${reason}\u00a0»`,
  rebookAction: 'Choisir un autre cours ce jour-là ou le lendemain',
  bookAgain: (url) => `Envie de vous entraîner un autre jour\u00a0? Réservez à nouveau sur ${url}`,
  cancelledNote: 'La mise à jour de calendrier jointe retire le cours de votre agenda.',
  cancelledSubject: (course, date, time) => `Réservation annulée\u00a0: ${course} le ${date} à ${time}`,
  cancelledManySubject: (count) => `${count} réservations annulées par la salle`,
  moved: 'Votre réservation a été déplacée à un nouvel horaire.',
  movedByGym: (gym) =>
    `${gym} a déplacé ce cours à un nouvel horaire. S’il ne vous convient pas, vous pouvez annuler jusqu’au début du cours sans perdre votre séance.`,
  movedNote: 'La mise à jour de calendrier jointe déplace le cours dans votre agenda.',
  movedSubject: (course, date, time) => `Réservation déplacée\u00a0: ${course}, désormais le ${date} à ${time}`,
  movedManySubject: (count) => `${count} réservations déplacées à un nouvel horaire par la salle`,
  reminderIntro: (gym) => `Petit rappel de votre cours à ${gym}\u00a0:`,
  reminderSubject: (course, date, time) => `Rappel\u00a0: ${course} le ${date} à ${time}`,
  zone: (_label, offset) => `(heure locale de la salle, ${offset})`,
  icsClassAt: (course, gym) => `${course} à ${gym}`,
  icsCancelled: 'Cette réservation a été annulée.',
  icsChange: (url) => `Modifier ou annuler\u00a0: ${url}`,
  wrote: (when, zone, name) => `Le ${when} (${zone}), ${name} a écrit\u00a0:`,
  newsletterHello: 'Bonjour,',
  newsletterConfirmSubject: (gym) => `Confirmez votre inscription à la newsletter de ${gym}`,
  newsletterConfirmAsked: (gym) => `Quelqu'un (vous, nous l'espérons) a demandé à recevoir la newsletter de ${gym} à cette adresse.`,
  newsletterConfirmHow: 'Pour confirmer, ouvrez ce lien et appuyez sur le bouton de la page\u00a0:',
  newsletterConfirmNotYou: "Si ce n'était pas vous, ignorez cet e-mail\u00a0: vous ne serez pas inscrit et nous ne vous écrirons plus.",
  newsletterWelcomeSubject: (gym) => `Bienvenue dans la newsletter de ${gym}`,
  newsletterWelcome: (gym) =>
    `Votre inscription à la newsletter de ${gym} est confirmée. Nous vous tiendrons au courant des cours, des événements et des nouvelles de la salle.`,
  newsletterUnsubscribe: (url) => `Pour ne plus recevoir ces e-mails, désinscrivez-vous ici\u00a0: ${url}`,
  newsletterAlreadySubject: (gym) => `Vous êtes déjà inscrit à la newsletter de ${gym}`,
  newsletterAlready: (gym) =>
    `Quelqu'un (vous, nous l'espérons) a demandé à recevoir la newsletter de ${gym} à cette adresse. Cette adresse est déjà inscrite.`,
  newsletterAlreadyNothing: "Rien ne change et vous n'avez rien à faire. Si ce n'était pas vous, ignorez cet e-mail.",
  contactAckSubject: (gym) => `Nous avons bien reçu votre message — ${gym}`,
  contactAckReceived: (gym) => `Merci d’avoir écrit à ${gym}. Nous avons bien reçu votre message et vous répondrons bientôt.`,
  contactAckReply: 'Pour ajouter quelque chose, répondez simplement à cet e-mail\u00a0: votre réponse rejoindra la même conversation.',
  contactAckNotYou: 'Si vous ne nous avez pas écrit, ignorez cet e-mail.',
  waitlistOfferSubject: (course, date, time) => `Une place s’est libérée\u00a0: ${course} le ${date} à ${time}`,
  waitlistOfferHeld: (deadline) => `Une place s’est libérée dans le cours que vous attendez. Elle vous est réservée jusqu’au ${deadline} (heure du club).`,
  waitlistOfferOpen:
    'Une place s’est libérée dans le cours que vous attendez. Le cours est bientôt\u00a0: la première personne de la liste d’attente qui accepte l’obtient.',
  waitlistAccept: 'Prendre la place',
  waitlistNoCharge:
    'Rien n’est réservé et aucune séance de votre formule n’est utilisée tant que vous n’acceptez pas. Vous ne venez pas\u00a0? La même page vous permet de quitter la liste.',
  waitlistJoinedSubject: (course, date, time) => `Sur la liste d’attente\u00a0: ${course} le ${date} à ${time}`,
  waitlistJoined: 'Vous êtes sur la liste d’attente de ce cours. Si une place se libère, nous vous écrivons.',
  waitlistSeePlace: 'Voir votre place',
  waitlistJoinedNote:
    'Gardez cet e-mail\u00a0: son lien montre votre place et vous permet de quitter la liste. Seul le lien le plus récent fonctionne\u00a0: une nouvelle demande en envoie un nouveau.',
  waitlistBookedSubject: (date, time) => `Liste d’attente\u00a0: vous avez déjà une réservation le ${date} à ${time}`,
  waitlistBooked: (course) =>
    `Quelqu'un (vous, nous l'espérons) a demandé à inscrire cette adresse sur la liste d’attente de ${course}. Vous avez déjà une réservation à cette heure-là\u00a0: rien n’a été changé.`,
  waitlistBookedManage: 'Le lien pour modifier ou annuler votre réservation se trouve dans son e-mail de confirmation.',
};
