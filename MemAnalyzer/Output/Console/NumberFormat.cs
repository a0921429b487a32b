using System.Globalization;

namespace MemAnalyzer.Output;

/// <summary>How every console renderer writes a number: thousands separators, invariant culture.</summary>
public static class NumberFormat
{
    public static string N(long value) => value.ToString("N0", CultureInfo.InvariantCulture);

    /// <summary>A change: "+3,000", "-5", "0".</summary>
    public static string Signed(long value) => value > 0 ? "+" + N(value) : N(value);
}
