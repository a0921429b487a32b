using System.Globalization;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>decimal, DateTime, TimeSpan and Guid as one readable value instead of their private fields.</summary>
public static class WellKnownStructs
{
    /// <summary>The struct's value as text, or null for any other struct.</summary>
    public static string? Text(ClrType type, ulong dataAddress)
    {
        var value = ClrValueType.FromAddress(dataAddress, type);
        return type.Name switch
        {
            "System.Decimal" => Decimal(value),
            "System.DateTime" => new DateTime((long)(value.ReadField<ulong>("_dateData") & 0x3FFF_FFFF_FFFF_FFFFUL)).ToString("o", CultureInfo.InvariantCulture),
            "System.TimeSpan" => TimeSpan.FromTicks(value.ReadField<long>("_ticks")).ToString("c", CultureInfo.InvariantCulture),
            "System.Guid" => Guid(type, dataAddress),
            _ => null,
        };
    }

    private static string Decimal(ClrValueType value)
    {
        var flags = value.ReadField<int>("_flags");
        var low = value.ReadField<ulong>("_lo64");
        var result = new decimal((int)low, (int)(low >> 32), (int)value.ReadField<uint>("_hi32"), flags < 0, (byte)((flags >> 16) & 0xFF));
        return result.ToString(CultureInfo.InvariantCulture);
    }

    private static string Guid(ClrType type, ulong dataAddress)
    {
        Span<byte> bytes = stackalloc byte[16];
        return type.Heap.Runtime.DataTarget.DataReader.Read(dataAddress, bytes) == 16
            ? new Guid(bytes).ToString("D", CultureInfo.InvariantCulture)
            : "<unreadable Guid>";
    }
}
