using System.Globalization;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Objects;

/// <summary>Primitive values as invariant text: numbers, bools, chars ('a', or \u0001), pointers in hex, enums by name.</summary>
public static class PrimitiveText
{
    /// <summary>The field's value, or null when the element type is no primitive.</summary>
    /// <summary>The value at <paramref name="dataAddress"/>, or null when the element type is no primitive.</summary>
    public static string? Read(ClrElementType type, IDataReader reader, ulong dataAddress) => type switch
    {
        ClrElementType.Boolean => reader.Read<byte>(dataAddress) != 0 ? "true" : "false",
        ClrElementType.Char => Char(reader.Read<char>(dataAddress)),
        ClrElementType.Int8 => Number(reader.Read<sbyte>(dataAddress)),
        ClrElementType.UInt8 => Number(reader.Read<byte>(dataAddress)),
        ClrElementType.Int16 => Number(reader.Read<short>(dataAddress)),
        ClrElementType.UInt16 => Number(reader.Read<ushort>(dataAddress)),
        ClrElementType.Int32 => Number(reader.Read<int>(dataAddress)),
        ClrElementType.UInt32 => Number(reader.Read<uint>(dataAddress)),
        ClrElementType.Int64 => Number(reader.Read<long>(dataAddress)),
        ClrElementType.UInt64 => Number(reader.Read<ulong>(dataAddress)),
        ClrElementType.Float => Number(reader.Read<float>(dataAddress)),
        ClrElementType.Double => Number(reader.Read<double>(dataAddress)),
        ClrElementType.NativeInt or ClrElementType.NativeUInt or ClrElementType.Pointer or ClrElementType.FunctionPointer =>
            Hex(reader.PointerSize == 4 ? reader.Read<uint>(dataAddress) : reader.Read<ulong>(dataAddress)),
        _ => null,
    };

    /// <summary>An enum's value at its data address: the name of the member with that value, else the number.</summary>
    public static string Enum(ClrType type, ClrHeap heap, ulong dataAddress)
    {
        var reader = heap.Runtime.DataTarget.DataReader;
        var size = type.StaticSize - 2 * IntPtr.Size;
        long value = size switch
        {
            1 => reader.Read<byte>(dataAddress),
            2 => reader.Read<short>(dataAddress),
            8 => reader.Read<long>(dataAddress),
            _ => reader.Read<int>(dataAddress),
        };
        var name = type.AsEnum().EnumerateValues().Where(v => Convert.ToInt64(v.Value, CultureInfo.InvariantCulture) == value).Select(v => v.Name).FirstOrDefault();
        return name is null ? Number(value) : $"{name} ({Number(value)})";
    }

    public static string Number<T>(T value) where T : IFormattable => value.ToString(value is float or double ? "R" : null, CultureInfo.InvariantCulture);

    public static string Hex(ulong value) => "0x" + value.ToString("x", CultureInfo.InvariantCulture);

    public static string Char(char c) => char.IsControl(c) || char.IsSurrogate(c) ? $"'\\u{(int)c:X4}'" : $"'{c}'";
}
