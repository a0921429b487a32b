using System.Text.Json;
using System.Text.Json.Serialization;

namespace MemAnalyzer.Output;

/// <summary>
/// A result table's rows in the JSON document, written from its <see cref="TableDeclaration{TRow}"/> by the writer of the
/// source-generated serializer (its indentation, its escaping): a list of objects, one property per column. Read back
/// (a batch merges its children's documents), it keeps the list as it was read and writes it again as it is.
/// </summary>
[JsonConverter(typeof(Converter))]
public sealed class JsonTable(Action<Utf8JsonWriter, JsonSerializerOptions> write)
{
    public void Write(Utf8JsonWriter writer, JsonSerializerOptions options) => write(writer, options);

    /// <summary>A list read from a document, written again unchanged.</summary>
    public static JsonTable Of(JsonElement rows) => new((writer, _) => rows.WriteTo(writer));

    /// <summary>The serializer's converter of a table (no reflection: the source generator instantiates it).</summary>
    public sealed class Converter : JsonConverter<JsonTable>
    {
        public override JsonTable Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)
        {
            using var document = JsonDocument.ParseValue(ref reader);
            return Of(document.RootElement.Clone());
        }

        public override void Write(Utf8JsonWriter writer, JsonTable value, JsonSerializerOptions options) => value.Write(writer, options);
    }
}
