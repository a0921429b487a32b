using System.Globalization;

namespace MemAnalyzer.Output;

/// <summary>The user's choices for the Time and Context of the rows (CSV columns, JSON fields), fixed when the run starts.</summary>
/// <param name="TimeText">-time: verbatim text that replaces the clock.</param>
/// <param name="TimeFormat">A .NET date format, or <see cref="InvariantTimeFormat"/>.</param>
/// <param name="Now">When the run started: the Time of a live process.</param>
public sealed record ReportStamp(string? TimeText, string TimeFormat, string Context, DateTimeOffset Now)
{
    public const string DefaultTimeFormat = "yyyy-MM-dd HH:mm:ss";

    /// <summary>The original's "Invariant": DateTime.ToString with the invariant culture, e.g. 10/03/2017 22:35:50.</summary>
    public const string InvariantTimeFormat = "Invariant";

    /// <summary>Local time in the chosen format, unless -time gave a text.</summary>
    public string FormatTime(DateTimeOffset time)
    {
        if (TimeText is not null)
        {
            return TimeText;
        }
        var local = time.ToLocalTime().DateTime;
        return TimeFormat == InvariantTimeFormat
            ? local.ToString(CultureInfo.InvariantCulture)
            : local.ToString(TimeFormat, CultureInfo.InvariantCulture);
    }
}
