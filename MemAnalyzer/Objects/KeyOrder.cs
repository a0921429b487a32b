using System.Globalization;

namespace MemAnalyzer.Objects;

/// <summary>The order of keys whose container has none of its own: strings ordinally, numbers by value, then objects by address.</summary>
public static class KeyOrder
{
    public static int Compare(ValueView a, ValueView b)
    {
        var rank = Rank(a).CompareTo(Rank(b));
        if (rank != 0)
        {
            return rank;
        }
        return a.Kind switch
        {
            ValueKind.String => string.CompareOrdinal(a.Text, b.Text),
            ValueKind.Primitive when Number(a) is { } x && Number(b) is { } y => x.CompareTo(y),
            ValueKind.Primitive => string.CompareOrdinal(a.Text, b.Text),
            _ => a.Address.CompareTo(b.Address),
        };
    }

    private static int Rank(ValueView value) => value.Kind switch
    {
        ValueKind.String => 0,
        ValueKind.Primitive => 1,
        ValueKind.Reference => 2,
        _ => 3,
    };

    private static decimal? Number(ValueView value) =>
        decimal.TryParse(value.Text, NumberStyles.Float, CultureInfo.InvariantCulture, out var number) ? number : null;
}
