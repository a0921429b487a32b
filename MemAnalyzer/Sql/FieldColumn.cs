using MemAnalyzer.Objects;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Sql;

/// <summary>
/// One instance field as a column of <c>fields('&lt;type&gt;')</c>: numbers and booleans typed, a string field as its
/// text, any other reference as the address it holds (NULL for null); chars, enums, pointers and the well-known structs
/// (decimal, DateTime, TimeSpan, Guid) as the text -objects shows; other structs and unreadable values NULL.
/// </summary>
internal sealed record FieldColumn(string Name, ClrInstanceField Field, string SqlType)
{
    /// <summary>The column holds an address (a reference to an object that is no string).</summary>
    public bool IsAddress => SqlType == "UBIGINT" && Field.IsObjectReference;

    public static FieldColumn Of(string name, ClrInstanceField field) => new(name, field, field switch
    {
        { IsObjectReference: true } => field.Type?.IsString == true ? "VARCHAR" : "UBIGINT",
        _ => field.ElementType switch
        {
            ClrElementType.Boolean => "BOOLEAN",
            ClrElementType.Int8 => "TINYINT",
            ClrElementType.UInt8 => "UTINYINT",
            ClrElementType.Int16 => "SMALLINT",
            ClrElementType.UInt16 => "USMALLINT",
            ClrElementType.Int32 => "INTEGER",
            ClrElementType.UInt32 => "UINTEGER",
            ClrElementType.Int64 => "BIGINT",
            ClrElementType.UInt64 => "UBIGINT",
            ClrElementType.Float => "FLOAT",
            ClrElementType.Double => "DOUBLE",
            _ => "VARCHAR",
        },
    });

    /// <summary>The address a reference column holds, or null.</summary>
    public static ulong? Address(ValueView value) => value.Kind is ValueKind.Reference or ValueKind.String ? value.Address : null;

    /// <summary>The text a number, boolean or text column holds (the engine casts it to the column's type), or null.</summary>
    public static string? Text(ValueView value) => value.Kind is ValueKind.Primitive or ValueKind.String ? value.Text : null;

    /// <summary>The column as SQL, for the statement that casts the loaded text to its type.</summary>
    public string Select(int index) => $"TRY_CAST(c{index} AS {SqlType}) AS {Quote(Name)}";

    public static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
