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
}
