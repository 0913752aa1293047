/// Turns the backend's campaign lists into what the app shows, as the platform's
/// reference SDK does.
///
/// For a logged-in user: basic and personalized campaigns merged (a personalized
/// campaign replaces a basic one with the same session), coupon availability attached
/// per coupon set, campaigns whose set has none left removed, carousel campaigns
/// separated, CCMS, telco and questionnaire campaigns removed, the rest sorted by
/// `sorting`. For an anonymous user: the basic campaigns, unfiltered.
public enum CampaignPipeline {
  /// The pipeline's result.
  public struct Result: Sendable, Equatable {
    /// What the app lists.
    public let campaigns: [Campaign]
    /// What the carousel shows.
    public let carousel: [Campaign]
    /// Every campaign received, availability attached, sorted.
    public let all: [Campaign]
  }

  /// Runs the pipeline for a logged-in user.
  public static func authenticated(
    basic: [Campaign], personalized: [Campaign], availability: [String: Int]
  ) -> Result {
    var merged: [String: Campaign] = [:]
    var order: [String] = []
    for campaign in basic + personalized {
      if merged[campaign.sessionUUID] == nil { order.append(campaign.sessionUUID) }
      merged[campaign.sessionUUID] = campaign
    }
    let all = order.compactMap { merged[$0] }.map { campaign -> Campaign in
      var campaign = campaign
      if !campaign.couponSet.isEmpty, let left = availability[campaign.couponSet] {
        campaign.couponAvailability = left
      }
      return campaign
    }
    let sortedAll = sort(all)
    let available = sortedAll.filter { $0.couponAvailability != 0 }
    let carousel = available.filter(\.isCarousel)
    let campaigns = available.filter { !$0.isCarousel && !$0.isHiddenFromLists }
    return Result(campaigns: campaigns, carousel: carousel, all: sortedAll)
  }

  /// Runs the pipeline for an anonymous user: basic campaigns, unfiltered.
  public static func anonymous(basic: [Campaign]) -> Result {
    let sorted = sort(basic)
    return Result(campaigns: sorted, carousel: sorted.filter(\.isCarousel), all: sorted)
  }

  /// Stable sort by `sorting`, ascending.
  static func sort(_ campaigns: [Campaign]) -> [Campaign] {
    campaigns.enumerated().sorted {
      $0.element.sorting != $1.element.sorting
        ? $0.element.sorting < $1.element.sorting : $0.offset < $1.offset
    }.map(\.element)
  }
}
