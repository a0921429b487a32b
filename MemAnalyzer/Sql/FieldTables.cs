using System.Text.RegularExpressions;
using DuckDB.NET.Data;
using MemAnalyzer.Analysis;
using MemAnalyzer.Heap;
using MemAnalyzer.Objects;
using Microsoft.Diagnostics.Runtime;

namespace MemAnalyzer.Sql;

/// <summary>
/// <c>fields('&lt;type&gt;')</c>: one row per instance of the type (live or not), its <c>address</c> and one column per
/// instance field, read by -objects' <see cref="ValueReader"/> only for the types the query names. Each call in the
/// query's text becomes a table named as the call, quoted (<c>"fields('Ns.Order')"</c>), so the engine's messages
/// still read as the user wrote the query.
/// </summary>
public static partial class FieldTables
{
    [GeneratedRegex(@"\bfields\s*\(\s*'((?:[^']|'')*)'\s*\)", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant)]
    private static partial Regex Call();

    /// <summary>The types the query names in <c>fields('…')</c>, each once.</summary>
    public static IReadOnlyList<string> TypesIn(string query) =>
        [.. Call().Matches(query).Select(m => m.Groups[1].Value.Replace("''", "'", StringComparison.Ordinal)).Distinct(StringComparer.Ordinal)];

    /// <summary>The query with each <c>fields('…')</c> replaced by the name of the table <see cref="Load"/> makes.</summary>
    public static string Rewrite(string query) =>
        Call().Replace(query, m => TableName(m.Groups[1].Value.Replace("''", "'", StringComparison.Ordinal)));

    private static string TableName(string type) => FieldColumn.Quote($"fields('{type}')");

    /// <summary>Makes the table of <paramref name="type"/> (a full name as the types table spells it, or a short name that ends one).</summary>
    /// <exception cref="MemAnalyzerException">Exit 1: no object has the type; the message names the closest type names.</exception>
    public static void Load(DuckDBConnection connection, ClrHeap heap, ObjectRetention retention, string type, CancellationToken cancellation)
    {
        var names = Column<string>(connection, "SELECT DISTINCT type FROM _types", null);
        var query = new RootsQuery(type, RootsQuery.DefaultTop).Resolve(names);
        if (!names.Contains(query.Type))
        {
            var closest = query.Closest(names);
            throw new MemAnalyzerException(ExitCodes.InvalidArguments,
                $"fields('{type}'): no object has the type '{type}' (give the full name as the types table spells it)" +
                (closest.Count == 0 ? "" : $"; did you mean {string.Join(", ", closest)}?"));
        }
        var addresses = Column<ulong>(connection, "SELECT o.address FROM _objects o JOIN _types t USING (type_id) WHERE t.type = $type ORDER BY o.address", query.Type);
        var first = heap.GetObjectType(addresses[0]) ?? throw new InvalidDataException($"the type of the {query.Type} at 0x{addresses[0]:x} could not be read: the heap is damaged");
        var columns = Columns(first);
        SqlStatements.Execute(connection, $"CREATE TEMP TABLE _fields_load (address UBIGINT{string.Concat(columns.Select((c, i) => $", c{i} {(c.IsAddress ? "UBIGINT" : "VARCHAR")}"))})");
        var reader = new ValueReader(heap, retention);
        var byType = new Dictionary<ulong, ClrInstanceField?[]> { [first.MethodTable] = [.. columns.Select(c => c.Field)] };
        using (var appender = connection.CreateAppender("_fields_load"))
        {
            for (var i = 0; i < addresses.Count; i++)
            {
                if ((i & 0xFFF) == 0xFFF)
                {
                    cancellation.ThrowIfCancellationRequested();
                }
                var address = addresses[i];
                var row = appender.CreateRow().AppendValue(address);
                var fields = FieldsOf(heap.GetObjectType(address), columns, byType);
                for (var c = 0; c < columns.Count; c++)
                {
                    var value = fields[c] is { } field ? reader.Field(address, interior: false, field) : ValueView.Null(null);
                    row = columns[c].IsAddress ? row.AppendValue(FieldColumn.Address(value)) : row.AppendValue(FieldColumn.Text(value));
                }
                row.EndRow();
            }
        }
        SqlStatements.Execute(connection,
            $"CREATE TABLE {TableName(type)} AS SELECT address{string.Concat(columns.Select((c, i) => ", " + c.Select(i)))} FROM _fields_load; DROP TABLE _fields_load");
    }

    /// <summary>The columns of a type: its instance fields in ClrMD's order, a name repeated (a base class's field of the same name; the engine ignores case) numbered.</summary>
    private static List<FieldColumn> Columns(ClrType type)
    {
        var taken = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "address" };
        var columns = new List<FieldColumn>();
        foreach (var field in TypeFields.Of(type))
        {
            var name = field.Name ?? $"<field at +{field.Offset}>";
            for (var n = 2; !taken.Add(name); n++)
            {
                name = $"{field.Name} ({n})";
            }
            columns.Add(FieldColumn.Of(name, field));
        }
        return columns;
    }

    /// <summary>The fields of an instance's own type in column order (another MethodTable of the same name: matched by name).</summary>
    private static ClrInstanceField?[] FieldsOf(ClrType? type, List<FieldColumn> columns, Dictionary<ulong, ClrInstanceField?[]> byType)
    {
        if (type is null)
        {
            return new ClrInstanceField?[columns.Count];
        }
        if (!byType.TryGetValue(type.MethodTable, out var fields))
        {
            var own = TypeFields.Of(type);
            fields = [.. columns.Select(c => own.FirstOrDefault(f => f.Name == c.Field.Name && f.ElementType == c.Field.ElementType))];
            byType[type.MethodTable] = fields;
        }
        return fields;
    }

    private static List<T> Column<T>(DuckDBConnection connection, string sql, string? type)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        if (type is not null)
        {
            command.Parameters.Add(new DuckDBParameter("type", type));
        }
        using var reader = command.ExecuteReader();
        var values = new List<T>();
        while (reader.Read())
        {
            values.Add(reader.GetFieldValue<T>(0));
        }
        return values;
    }
}
