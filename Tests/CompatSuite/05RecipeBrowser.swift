import WaylandUI

struct Recipe: Identifiable, Hashable {
    let id: Int
    let name: String
    let minutes: Int
    let ingredients: [String]
}

extension Recipe {
    static let samples = [
        Recipe(id: 1, name: "Pancakes", minutes: 20, ingredients: ["Flour", "Eggs", "Milk"]),
        Recipe(id: 2, name: "Tomato soup", minutes: 35, ingredients: ["Tomatoes", "Onion", "Stock"]),
        Recipe(id: 3, name: "Guacamole", minutes: 10, ingredients: ["Avocado", "Lime", "Salt"]),
    ]
}

struct RecipeBrowser: View {
    var body: some View {
        NavigationStack {
            List(Recipe.samples) { recipe in
                NavigationLink(value: recipe) {
                    VStack(alignment: .leading) {
                        Text(recipe.name).font(.headline)
                        Text("\(recipe.minutes) min").font(.subheadline).foregroundStyle(.secondary)
                    }
                }
            }
            .navigationTitle("Recipes")
            .navigationDestination(for: Recipe.self) { recipe in
                RecipeDetail(recipe: recipe)
            }
        }
    }
}

struct RecipeDetail: View {
    let recipe: Recipe

    var body: some View {
        List {
            Section("Ingredients") {
                ForEach(recipe.ingredients, id: \.self) { ingredient in
                    Label(ingredient, systemImage: "leaf")
                }
            }
        }
        .navigationTitle(recipe.name)
    }
}

#Preview("Browser") {
    RecipeBrowser()
}

#Preview("Detail") {
    NavigationStack {
        RecipeDetail(recipe: Recipe.samples[0])
    }
}
