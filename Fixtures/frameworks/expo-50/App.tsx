import {StatusBar} from 'expo-status-bar';
import * as Linking from 'expo-linking';
import React, {useEffect, useState} from 'react';
import {StyleSheet, Text, View} from 'react-native';

// crumbs://recipe/<slug> and https://crumbs.example.com/recipe/<slug> open a saved recipe.
export default function App() {
  const url = Linking.useURL();
  const [recipe, setRecipe] = useState<string | null>(null);
  useEffect(() => {
    if (url) {
      const {path} = Linking.parse(url);
      setRecipe(path?.startsWith('recipe/') ? path.slice('recipe/'.length) : null);
    }
  }, [url]);
  return (
    <View style={styles.container}>
      <Text>{recipe ? `Recipe: ${recipe}` : 'Your saved recipes'}</Text>
      <StatusBar style="auto" />
    </View>
  );
}

const styles = StyleSheet.create({
  container: {flex: 1, backgroundColor: '#fff', alignItems: 'center', justifyContent: 'center'},
});
