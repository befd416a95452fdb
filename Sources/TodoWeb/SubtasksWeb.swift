import TodoPresentation

/// The offer to check a parent, as `offer-notice.mustache` shows it.
struct SubtaskOfferView: Hashable {
    let id: String
    let message: String
    let actionTitle: String
    let announcement: String
    let from: String

    init(_ offer: SubtaskOffer, from: String, announcement: String) {
        id = offer.parent.id.lowercasedText
        message = offer.message
        actionTitle = offer.actionTitle
        self.announcement = announcement
        self.from = from
    }
}
