namespace MemAnalyzer.Analysis;

/// <summary>The unit byte columns are shown in. Values are divided and rounded down, as in the original.</summary>
public enum SizeUnit
{
    Bytes,
    KB,
    MB,
    GB,
}

public static class SizeUnitExtensions
{
    public static long Divisor(this SizeUnit unit) => unit switch
    {
        SizeUnit.KB => 1024L,
        SizeUnit.MB => 1024L * 1024,
        SizeUnit.GB => 1024L * 1024 * 1024,
        _ => 1L,
    };

    public static long Convert(this SizeUnit unit, long bytes) => bytes / unit.Divisor();

    /// <summary>A diff's byte value in the unit: whole bytes, else rounded to two decimals (0.33 MB, not 0).</summary>
    public static decimal Exact(this SizeUnit unit, long bytes) =>
        unit == SizeUnit.Bytes ? bytes : Math.Round((decimal)bytes / unit.Divisor(), 2, MidpointRounding.AwayFromZero);

    /// <summary>Exact's text: an integer in bytes, two decimals in KB/MB/GB; thousands separators on the console only.</summary>
    public static string Text(this SizeUnit unit, decimal value, bool thousands) =>
        value.ToString(unit == SizeUnit.Bytes ? (thousands ? "N0" : "0") : (thousands ? "N2" : "0.00"), System.Globalization.CultureInfo.InvariantCulture);
}
